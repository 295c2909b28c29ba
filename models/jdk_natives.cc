// The table of models/jdk_natives.def, as a map from the method's key.
#include "models/jdk_natives.h"

#include <algorithm>

#include "absl/container/flat_hash_map.h"

namespace jwp::models {

namespace {

using NativeTable = absl::flat_hash_map<std::string_view, NativeFacts>;

NativeTable BuildTable() {
  NativeTable t;
#define JWP_NEVER_THROWS(key) t[key].never_throws = true;
#define JWP_WRITES_NOTHING(key) t[key].writes_nothing = true;
#define JWP_RETURNS_NON_NULL(key) t[key].returns_non_null = true;
#define JWP_CACHED_BOX(key, box_class, value_descriptor) \
  t[key].never_throws = true;                            \
  t[key].returns_non_null = true;                        \
  t[key].cached_box_class = box_class;                   \
  t[key].cached_box_value_descriptor = value_descriptor;
#define JWP_ONE_THREAD(key)        \
  t[key].never_throws = true;      \
  t[key].returns_non_null = true;  \
  t[key].current_thread = true;
#define JWP_CLASS_OF_RECEIVER(key) \
  t[key].never_throws = true;      \
  t[key].returns_non_null = true;  \
  t[key].class_of_receiver = true;
#define JWP_CLASS_IS_INSTANCE(key) \
  t[key].never_throws = true;      \
  t[key].class_is_instance = true;
#define JWP_THROWS_ONLY(key, exception) \
  t[key].writes_nothing = true;         \
  t[key].throws_only = exception;
#include "models/jdk_natives.def"
  return t;
}

}  // namespace

const NativeFacts* FindNativeFacts(std::string_view key) {
  static const NativeTable* const kTable = new NativeTable(BuildTable());
  auto it = kTable->find(key);
  return it == kTable->end() ? nullptr : &it->second;
}

std::vector<std::string_view> NativeFactsKeys() {
  std::vector<std::string_view> keys;
  auto add = [&](std::string_view key) {
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
  };
#define JWP_NEVER_THROWS(key) add(key);
#define JWP_WRITES_NOTHING(key) add(key);
#define JWP_RETURNS_NON_NULL(key) add(key);
#define JWP_CACHED_BOX(key, box_class, value_descriptor) add(key);
#define JWP_ONE_THREAD(key) add(key);
#define JWP_CLASS_OF_RECEIVER(key) add(key);
#define JWP_CLASS_IS_INSTANCE(key) add(key);
#define JWP_THROWS_ONLY(key, exception) add(key);
#include "models/jdk_natives.def"
  return keys;
}

}  // namespace jwp::models
