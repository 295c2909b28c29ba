// Reading the fields of jwp's own JSON results (app/ commands read each
// other's output: testgen reads wp's, validate's and exceptions'), with a
// default when a field is missing or of another type.
#ifndef JWP_APP_JSON_FIELDS_H_
#define JWP_APP_JSON_FIELDS_H_

#include <string>

#include "nlohmann/json.hpp"

namespace jwp::app {

// The string at `key`, or "" when there is none.
template <class Json>
std::string Text(const Json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].template get<std::string>() : "";
}

// Whether `key` holds the boolean `value` (false when missing or not a boolean).
template <class Json>
bool IsBool(const Json& j, const char* key, bool value) {
  return j.is_object() && j.contains(key) && j[key].is_boolean() && j[key].template get<bool>() == value;
}

// The simple name of a Java class name: after the last '.' or '$'.
inline std::string SimpleJavaName(const std::string& name) {
  const size_t cut = name.find_last_of(".$");
  return cut == std::string::npos ? name : name.substr(cut + 1);
}

}  // namespace jwp::app

#endif  // JWP_APP_JSON_FIELDS_H_
