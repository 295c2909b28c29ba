// The headers that most of jwp's sources include and that take most of a
// translation unit's parse time, precompiled once per group of targets when
// the build is configured with -DJWP_PCH=ON (cmake/precompiled_headers.cmake).
// Only the standard library and third-party headers belong here: a header of
// jwp's own would make its every change rebuild everything.
#pragma once
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "nlohmann/json.hpp"
