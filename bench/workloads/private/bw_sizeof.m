## b = bw_sizeof (cls)
##
## Bytes per element of class CLS, for the bytes-moved figures behind GB/s.

function b = bw_sizeof (cls)
  switch (cls)
    case {"double", "int64", "uint64"}
      b = 8;
    case {"single", "int32", "uint32"}
      b = 4;
    case {"int16", "uint16"}
      b = 2;
    otherwise
      b = 1;
  endswitch
endfunction
