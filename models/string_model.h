// What the Java model of java.lang.String (models/java/java/lang/String.java)
// cannot say itself: the characters of a string literal. A literal is not
// constructed by any code, so the analysis is told its jwpValue: a non-null
// char array of the literal's length whose elements are its UTF-16 code
// units. Nothing writes jwpValue after construction, so these facts hold
// wherever the literal is loaded.
#ifndef JWP_MODELS_STRING_MODEL_H_
#define JWP_MODELS_STRING_MODEL_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "classfile/utf16.h"
#include "logic/term_manager.h"

namespace jwp::models {

inline constexpr std::string_view kStringClass = "java/lang/String";
inline constexpr std::string_view kStringChars = "jwpValue";  // the model's field
inline constexpr std::string_view kStringCharsDescriptor = "[C";
// The model of java.lang.StringBuilder (models/java/java/lang/StringBuilder.java):
// its characters are jwpValue[0, jwpCount).
inline constexpr std::string_view kStringBuilderClass = "java/lang/StringBuilder";
inline constexpr std::string_view kStringBuilderChars = "jwpValue";
inline constexpr std::string_view kStringBuilderCount = "jwpCount";

// A literal's characters are its UTF-16 code units (classfile/utf16.h).

// The facts about string literal `literal` (a StringLit term), given the
// model's field map `chars_field` (java/lang/String.jwpValue) and the char
// array map.
std::vector<logic::Term> StringLiteralFacts(logic::TermManager& tm, logic::Term literal,
                                            logic::Term chars_field, logic::Term char_array_map);

}  // namespace jwp::models

#endif  // JWP_MODELS_STRING_MODEL_H_
