# Precompiled headers (-DJWP_PCH=ON; tests/run_all.sh turns them on in its
# clang sanitizer build, where they cut the build by a sixth; gcc's optimized
# build gained nothing from them. A developer's build leaves them off, so
# that a missing #include still shows there). Standard, abseil and JSON headers (cmake/pch_common.h; with
# GoogleTest's for the unit tests, cmake/pch_tests.h) are compiled once per
# group of targets and reused by every target of the group
# (target_precompile_headers REUSE_FROM). A precompiled header is only valid
# under the flags it was made with: clang refuses one made at another -O
# level, so the groups are "the build's -O level" and "-O0" (app/, main.cc
# and the unit tests under the sanitizers), each with and without GoogleTest.
# Targets compiled with libFuzzer's coverage keep parsing their headers.
# Measured on the suite's two unity builds: bench/README.md, "The test
# suite's time".
option(JWP_PCH "Precompile the standard, abseil, JSON and GoogleTest headers" OFF)

# The precompiled-header target of one group, made on first use.
function(_jwp_pch_target out optimize_o0 with_gtest)
  set(name jwp_pch)
  set(header ${PROJECT_SOURCE_DIR}/cmake/pch_common.h)
  if(optimize_o0)
    string(APPEND name _O0)
  endif()
  if(with_gtest)
    string(APPEND name _gtest)
    set(header ${PROJECT_SOURCE_DIR}/cmake/pch_tests.h)
  endif()
  if(NOT TARGET ${name})
    add_library(${name} STATIC ${PROJECT_SOURCE_DIR}/cmake/pch_anchor.cc)
    target_link_libraries(${name} PRIVATE absl::status absl::statusor absl::strings absl::str_format
                          absl::flat_hash_map absl::flat_hash_set nlohmann_json::nlohmann_json)
    if(with_gtest)
      find_package(GTest REQUIRED)
      target_link_libraries(${name} PRIVATE GTest::gtest GTest::gmock)
    endif()
    if(optimize_o0)
      target_compile_options(${name} PRIVATE -O0)
    endif()
    set_target_properties(${name} PROPERTIES UNITY_BUILD OFF)
    target_precompile_headers(${name} PRIVATE ${header})
  endif()
  set(${out} ${name} PARENT_SCOPE)
endfunction()

function(_jwp_pch_targets_in dir out)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub ${subdirs})
    _jwp_pch_targets_in(${sub} sub_targets)
    list(APPEND targets ${sub_targets})
  endforeach()
  set(${out} ${targets} PARENT_SCOPE)
endfunction()

# Gives every C++ library and executable of the build its group's
# precompiled headers. Called once, after every target is defined. A group
# of one target is left out: making its header costs what the target saves
# (the optimized build's -O0 main.cc).
function(jwp_precompile_headers)
  if(NOT JWP_PCH)
    return()
  endif()
  find_package(nlohmann_json REQUIRED)
  _jwp_pch_targets_in(${PROJECT_SOURCE_DIR} targets)
  set(groups "")
  foreach(t ${targets})
    get_target_property(type ${t} TYPE)
    if(NOT type STREQUAL "STATIC_LIBRARY" AND NOT type STREQUAL "EXECUTABLE")
      continue()
    endif()
    get_target_property(options ${t} COMPILE_OPTIONS)
    if(NOT options)
      set(options "")
    endif()
    if(JWP_FUZZ_COVERAGE AND "${JWP_FUZZ_COVERAGE}" IN_LIST options)
      continue()
    endif()
    set(group "")
    if("-O0" IN_LIST options)
      string(APPEND group "O0")
    endif()
    get_target_property(libs ${t} LINK_LIBRARIES)
    if(libs AND "GTest::gtest" IN_LIST libs)
      string(APPEND group "gtest")
    endif()
    if(group STREQUAL "")
      set(group "default")
    endif()
    list(APPEND groups ${group})
    list(APPEND _jwp_group_${group} ${t})
  endforeach()
  list(REMOVE_DUPLICATES groups)
  foreach(group ${groups})
    list(LENGTH _jwp_group_${group} n)
    if(n LESS 2)
      continue()
    endif()
    set(o0 OFF)
    set(gtest OFF)
    if(group MATCHES "O0")
      set(o0 ON)
    endif()
    if(group MATCHES "gtest")
      set(gtest ON)
    endif()
    _jwp_pch_target(pch ${o0} ${gtest})
    foreach(t ${_jwp_group_${group}})
      target_precompile_headers(${t} REUSE_FROM ${pch})
    endforeach()
  endforeach()
endfunction()
