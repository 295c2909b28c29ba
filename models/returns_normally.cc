// The table of models/returns_normally.def.
#include "models/returns_normally.h"

#include <cstdint>
#include <optional>
#include <utility>

#include "absl/container/flat_hash_map.h"

namespace jwp::models {

namespace {

enum class When : uint8_t { kAlways, kExactReceiver, kNonNullArguments };

// The rows, and when each holds.
std::vector<std::pair<std::string_view, When>> Rows() {
  std::vector<std::pair<std::string_view, When>> rows;
#define JWP_RETURNS_NORMALLY(key) rows.emplace_back(key, When::kAlways);
#define JWP_RETURNS_NORMALLY_EXACT(key) rows.emplace_back(key, When::kExactReceiver);
#define JWP_RETURNS_NORMALLY_NON_NULL(key) rows.emplace_back(key, When::kNonNullArguments);
#include "models/returns_normally.def"
  return rows;
}

std::optional<When> Find(std::string_view key) {
  static const absl::flat_hash_map<std::string_view, When>* const kRows = [] {
    const std::vector<std::pair<std::string_view, When>> rows = Rows();
    return new absl::flat_hash_map<std::string_view, When>(rows.begin(), rows.end());
  }();
  auto it = kRows->find(key);
  if (it == kRows->end()) return std::nullopt;
  return it->second;
}

}  // namespace

std::vector<std::string_view> ReturnsNormallyKeys() {
  std::vector<std::string_view> keys;
  for (const auto& [key, when] : Rows()) keys.push_back(key);
  return keys;
}

bool ReturnsNormally(std::string_view key, std::string_view exact_receiver) {
  const std::optional<When> when = Find(key);
  return when == When::kAlways || (when == When::kExactReceiver && key.substr(0, key.find('.')) == exact_receiver);
}

bool ReturnsNormallyWithNonNullArguments(std::string_view key) { return Find(key) == When::kNonNullArguments; }

}  // namespace jwp::models
