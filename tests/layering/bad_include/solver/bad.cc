// A solver source that includes the simplifier: tests/check_layering.cmake
// must reject it (the final check must not depend on the rewrites).
#include "simplifier/simplifier.h"
