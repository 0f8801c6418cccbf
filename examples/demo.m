## gpuarray demo: shows the device, runs a computation on it, checks the result
## against Octave on the CPU and prints the times.
## Run with the package loaded:  run examples/demo.m

d = gpuDevice ();
printf ("gpuarray demo\n");
printf ("  device:   %s (provider: %s, type: %s, driver %s)\n", d.Name, d.Provider,
        d.DeviceType, d.DriverVersion);
printf ("  memory:   %.2f GiB total, %.2f GiB available\n", d.TotalMemory / 2^30,
        d.AvailableMemory / 2^30);

n = 4e6;
rand ("seed", 1);
x = rand (n, 1);
y = rand (n, 1);

tic;
want = sum ((x .* 2 + 1) ./ (y + 3) - x);
t_cpu = toc;

gx = gpuArray (x);
gy = gpuArray (y);
got = gather (sum ((gx .* 2 + 1) ./ (gy + 3) - gx));  # warm-up: compiles the kernels
tic;
for k = 1:5
  got = gather (sum ((gx .* 2 + 1) ./ (gy + 3) - gx));
endfor
wait (d);
t_gpu = toc / 5;

err = abs (got - want) / abs (want);
printf ("  compute:  sum ((x .* 2 + 1) ./ (y + 3) - x) over %d doubles\n", n);
printf ("  result:   gpu %.15g   cpu %.15g   relative difference %.2g\n", got, want, err);
printf ("  time:     gpu %.2f ms   cpu %.2f ms (Octave)\n", 1e3 * t_gpu, 1e3 * t_cpu);
if (err > 1e-12)
  error ("gpuarray:demo", "gpuarray demo: the GPU result differs from the CPU result");
endif
printf ("  check:    OK, the GPU result matches Octave's\n");
