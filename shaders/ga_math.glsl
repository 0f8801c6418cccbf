// gpuarray: double-precision elementary functions for generated kernels, as
// double ga_<name>_d (double x). GLSL has no double-precision transcendentals
// (GLSL.std.450's are 16/32-bit only). Included only in kernels that call them.
