import java.util.List;

/**
 * The JavaFloats model of schemas/types.yaml (float_style: java): Jackson writes doubles and
 * floats with Double.toString and Float.toString, whose spelling settled in Java 19.
 */
final class JavaFloatModels {
  private JavaFloatModels() {}

  static final class JavaFloats {
    public double ratio;
    public float single;
    public List<Double> doubles;
    public List<Float> singles;
  }

  static JavaFloats floats() {
    JavaFloats floats = new JavaFloats();
    floats.ratio = 1.0E20;
    floats.single = Float.MIN_VALUE;
    floats.doubles =
        List.of(
            1.0E7, 9999999.0, 1.0E-3, 9.999999999999998E-4, 2.0E-3, 4.9E-324, 2.2250738585072014E-308,
            Double.MAX_VALUE, -0.0, 123456.789, 1.0E23, 2.0E23, 8.41E21, 5.0E-324 * 3, 0.1, 100.0);
    floats.singles =
        List.of(1.0E7f, Float.MAX_VALUE, 1.0E-3f, 0.1f, 16777216f, Float.MIN_NORMAL, 3.3554432E7f,
            -0.0f, 1.0E10f);
    return floats;
  }
}
