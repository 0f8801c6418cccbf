## v = bw_pick (c, a, b)
##
## A if C is true, else B: lets a setup handle pick the tiny probe size in one line.

function v = bw_pick (c, a, b)
  if (c)
    v = a;
  else
    v = b;
  endif
endfunction
