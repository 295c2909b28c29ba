# Which layer may use which (DESIGN.md, "The house"): the one table that the
# build checks, on the #includes of every source (tests/check_layering.cmake,
# the check_layering target) and on the CMake link graph (jwp_check_layer_links
# below, at configure time). A layer may include and link only itself and the
# layers it lists. README.md shows this table; keep the two in step.
#
#   layer:uses...
set(JWP_LAYER_TABLE
  "base:"
  "classfile:base"
  "types:base,classfile"
  "ir:base,classfile"
  "callgraph:base,classfile,ir"
  "absint:base,classfile,ir,callgraph"
  "logic:base"
  "simplifier:base,logic,types"
  "solver:base,logic,types"
  "models:base,classfile,ir,logic"
  "wp:base,classfile,types,ir,callgraph,absint,logic,simplifier,solver,models"
  "app:base,classfile,types,ir,callgraph,absint,logic,simplifier,solver,models,wp")
# Uses that the table must never allow, even through another layer:
# the final check must not depend on the rewrites; the simplifier sees the
# class path only through types/; nothing below wp knows goals.
set(JWP_LAYER_FORBIDDEN
  "solver:simplifier" "simplifier:callgraph"
  "base:wp" "classfile:wp" "types:wp" "ir:wp" "callgraph:wp" "logic:wp"
  "simplifier:wp" "solver:wp" "models:wp" "absint:wp" "absint:logic"
  "base:app" "classfile:app" "types:app" "ir:app" "callgraph:app" "logic:app"
  "simplifier:app" "solver:app" "models:app" "absint:app" "wp:app")

# Prints each violation on a line of its own (unwrapped, so that tests and
# editors can match it), then stops.
function(jwp_layering_fail failed where)
  if(failed)
    foreach(f IN LISTS failed)
      message(NOTICE "layering: ${f}")
    endforeach()
    list(LENGTH failed n)
    message(FATAL_ERROR "${n} layering violation(s) ${where} (layers.cmake)")
  endif()
endfunction()

# JWP_LAYERS: the layers, in the table's order.
set(JWP_LAYERS "")
foreach(row IN LISTS JWP_LAYER_TABLE)
  string(REGEX REPLACE ":.*" "" layer "${row}")
  list(APPEND JWP_LAYERS ${layer})
endforeach()

# The layers `layer` may use (the table's row), in `out`.
function(jwp_layer_uses layer out)
  set(uses "")
  foreach(row IN LISTS JWP_LAYER_TABLE)
    if(row MATCHES "^${layer}:(.*)$")
      string(REPLACE "," ";" uses "${CMAKE_MATCH_1}")
    endif()
  endforeach()
  set(${out} "${uses}" PARENT_SCOPE)
endfunction()

# Every layer `layer` reaches through the table, in `out`.
function(jwp_layer_reach layer out)
  set(reach "")
  set(todo ${layer})
  while(todo)
    list(POP_FRONT todo l)
    jwp_layer_uses(${l} uses)
    foreach(u IN LISTS uses)
      if(NOT u IN_LIST reach)
        list(APPEND reach ${u})
        list(APPEND todo ${u})
      endif()
    endforeach()
  endwhile()
  set(${out} "${reach}" PARENT_SCOPE)
endfunction()

# The table itself keeps DESIGN.md's prohibitions.
function(jwp_check_layer_table)
  set(failed "")
  foreach(pair IN LISTS JWP_LAYER_FORBIDDEN)
    string(REPLACE ":" ";" ab "${pair}")
    list(GET ab 0 a)
    list(GET ab 1 b)
    jwp_layer_reach(${a} reach)
    if(b IN_LIST reach)
      list(APPEND failed "layers.cmake: ${a} reaches ${b}, which it may never use")
    endif()
  endforeach()
  jwp_layering_fail("${failed}" "in the table")
endfunction()

# The link graph: each layer's library links only layers its row lists.
# Call after every layer's add_subdirectory.
function(jwp_check_layer_links)
  jwp_check_layer_table()
  set(failed "")
  foreach(layer IN LISTS JWP_LAYERS)
    if(NOT TARGET ${layer})
      list(APPEND failed "layer ${layer} has no library target")
      continue()
    endif()
    jwp_layer_uses(${layer} uses)
    string(REPLACE ";" ", " uses_text "${uses}")
    get_target_property(links ${layer} LINK_LIBRARIES)
    get_target_property(ilinks ${layer} INTERFACE_LINK_LIBRARIES)
    foreach(lib IN LISTS links ilinks)
      if(lib IN_LIST JWP_LAYERS AND NOT lib STREQUAL layer AND NOT lib IN_LIST uses)
        list(APPEND failed "${layer}/CMakeLists.txt: links ${lib} (layer ${layer} may use only: ${uses_text})")
      endif()
    endforeach()
  endforeach()
  jwp_layering_fail("${failed}" "in the link graph")
endfunction()
