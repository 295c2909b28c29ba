// The methods of models/returns_normally.def: those that return normally
// for every argument and terminate, so that a call whose postcondition
// reads neither their result nor what they write is framed whole
// (wp/calls.cc) instead of analysed.
#ifndef JWP_MODELS_RETURNS_NORMALLY_H_
#define JWP_MODELS_RETURNS_NORMALLY_H_

#include <string_view>
#include <vector>

namespace jwp::models {

// Whether the table says the method `key` ("owner.name(desc)", internal
// names) returns normally when called with a receiver of exactly the class
// `exact_receiver` ("" when unknown, or for a static method).
bool ReturnsNormally(std::string_view key, std::string_view exact_receiver);

// Whether the table says `key` returns normally when its receiver and every
// reference argument are non-null (and throws NullPointerException when
// one is null): ReturnsNormally is false for it.
bool ReturnsNormallyWithNonNullArguments(std::string_view key);

// Every key of the table, in the .def file's order (for tests).
std::vector<std::string_view> ReturnsNormallyKeys();

}  // namespace jwp::models

#endif  // JWP_MODELS_RETURNS_NORMALLY_H_
