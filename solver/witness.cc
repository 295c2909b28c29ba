// Witness lookups and the Java-like debug rendering (witness.h).
#include "solver/witness.h"

#include <bit>
#include <cstdio>
#include <string>

#include "absl/strings/str_cat.h"

namespace jwp::solver {

const WitnessVariable* Witness::find_variable(std::string_view name) const {
  for (const WitnessVariable& v : variables) {
    if (v.name == name) return &v;
  }
  return nullptr;
}

const WitnessObject* Witness::find_object(std::string_view id) const {
  for (const WitnessObject& o : objects) {
    if (o.id == id) return &o;
  }
  return nullptr;
}

const WitnessField* Witness::find_field(const WitnessObject& o, std::string_view field_name) const {
  for (const WitnessField& f : o.fields) {
    if (f.name == field_name) return &f;
  }
  return nullptr;
}

std::string to_string(const WitnessValue& v) {
  switch (v.kind) {
    case WitnessValue::Kind::kBool: return v.integral ? "true" : "false";
    case WitnessValue::Kind::kInt: return absl::StrCat(v.integral);
    case WitnessValue::Kind::kLong: return absl::StrCat(v.integral, "L");
    case WitnessValue::Kind::kFloat: {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.9gf", static_cast<double>(std::bit_cast<float>(static_cast<uint32_t>(v.bits))));
      return buf;
    }
    case WitnessValue::Kind::kDouble: {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.17g", std::bit_cast<double>(v.bits));
      return buf;
    }
    case WitnessValue::Kind::kNull: return "null";
    case WitnessValue::Kind::kRef: return v.object;
    case WitnessValue::Kind::kOpaque: return v.text;
  }
  return "?";
}

std::string to_string(const Witness& w) {
  std::string out;
  for (const WitnessVariable& v : w.variables) {
    absl::StrAppend(&out, v.name, " = ", to_string(v.value), "; ");
  }
  for (const WitnessObject& o : w.objects) {
    absl::StrAppend(&out, o.id, ": ", o.type, " {");
    if (o.string_value) absl::StrAppend(&out, " \"", *o.string_value, "\"");
    if (o.class_literal) absl::StrAppend(&out, " ", *o.class_literal, ".class");
    if (o.static_value) absl::StrAppend(&out, " the value of ", *o.static_value);
    if (o.length) absl::StrAppend(&out, " length = ", *o.length);
    for (const WitnessField& f : o.fields) absl::StrAppend(&out, " ", f.name, " = ", to_string(f.value));
    for (const WitnessElement& e : o.elements) {
      absl::StrAppend(&out, " [", e.index, "] = ", to_string(e.value));
    }
    out += " }; ";
  }
  if (!w.replayable) out += "(not replayable)";
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

}  // namespace jwp::solver
