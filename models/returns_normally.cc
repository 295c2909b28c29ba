// The table of models/returns_normally.def.
#include "models/returns_normally.h"

#include <utility>

#include "absl/container/flat_hash_map.h"

namespace jwp::models {

namespace {

// The rows, and whether each needs its receiver exactly of its class.
std::vector<std::pair<std::string_view, bool>> Rows() {
  std::vector<std::pair<std::string_view, bool>> rows;
#define JWP_RETURNS_NORMALLY(key) rows.emplace_back(key, false);
#define JWP_RETURNS_NORMALLY_EXACT(key) rows.emplace_back(key, true);
#include "models/returns_normally.def"
  return rows;
}

}  // namespace

std::vector<std::string_view> ReturnsNormallyKeys() {
  std::vector<std::string_view> keys;
  for (const auto& [key, exact] : Rows()) keys.push_back(key);
  return keys;
}

bool ReturnsNormally(std::string_view key, std::string_view exact_receiver) {
  static const absl::flat_hash_map<std::string_view, bool>* const kRows = [] {
    const std::vector<std::pair<std::string_view, bool>> rows = Rows();
    return new absl::flat_hash_map<std::string_view, bool>(rows.begin(), rows.end());
  }();
  auto it = kRows->find(key);
  if (it == kRows->end()) return false;
  return !it->second || key.substr(0, key.find('.')) == exact_receiver;
}

}  // namespace jwp::models
