# Turns a GLSL file into a C string constant (shaders are compiled at run time, so
# the installed package carries their text inside the library). Backslashes (macros
# continued over lines) and quotes are escaped.
BEGIN { printf "/* generated from shaders/ by embed-glsl.awk: do not edit */\nconst char %s[] =\n", name }
{
  gsub(/\\/, "&&")
  gsub(/"/, "\\\"")
  printf "  \"%s\\n\"\n", $0
}
END { print "  ;" }
