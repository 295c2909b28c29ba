#include "models/string_model.h"

namespace jwp::models {

std::vector<logic::Term> StringLiteralFacts(logic::TermManager& tm, logic::Term literal,
                                            logic::Term chars_field, logic::Term char_array_map) {
  const std::vector<uint16_t> units = classfile::Utf16(tm.string_value(literal));
  logic::Term chars = tm.mk_read(chars_field, literal);
  std::vector<logic::Term> facts;
  facts.push_back(tm.mk_ne(chars, tm.mk_null()));
  logic::Term length = tm.mk_read(tm.length_field(), chars);
  facts.push_back(tm.mk_eq(length, tm.mk_int(static_cast<int32_t>(units.size()))));
  logic::Term type = tm.mk_type_of(chars);
  facts.push_back(tm.mk_eq(type, tm.mk_type("[C")));
  for (size_t k = 0; k < units.size(); ++k) {
    logic::Term unit = tm.mk_aread(char_array_map, chars, tm.mk_int(static_cast<int32_t>(k)));
    facts.push_back(tm.mk_eq(unit, tm.mk_int(units[k])));
  }
  return facts;
}

}  // namespace jwp::models
