"""Side-by-side benchmarks of foryjson's generated codecs."""
