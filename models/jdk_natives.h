// What the search may assume of a JDK native: the table of
// models/jdk_natives.def (knowledge of the JDK, kept next to the Java models
// rather than in the search). PLDI'09 Section 6 assumes natives throw
// nothing and leave the heap alone; jwp assumes that only of the natives
// listed here, and lists the assumption in every result that rests on it.
#ifndef JWP_MODELS_JDK_NATIVES_H_
#define JWP_MODELS_JDK_NATIVES_H_

#include <string_view>
#include <vector>

namespace jwp::models {

struct NativeFacts {
  // Completes normally whatever its arguments (given a non-null receiver).
  bool never_throws = false;
  // Writes nothing the analysis models (it may still throw).
  bool writes_nothing = false;
  // Returns a non-null reference whenever it returns.
  bool returns_non_null = false;
  // Returns the one current thread (Vocabulary::current_thread).
  bool current_thread = false;
  // Returns the receiver's Class object, classOf(typeOf(receiver)).
  bool class_of_receiver = false;
  // Class.isInstance: arg != null && subType(typeOf(arg), classType(receiver)).
  bool class_is_instance = false;
  // An I/O native: returns what the environment gives, or throws a new
  // instance of this class (internal name) when the environment fails, and
  // nothing else; empty otherwise.
  std::string_view throws_only;
  // A cache lookup of a box the JDK made before any program ran: the box
  // class and the descriptor of its `value` field; empty otherwise.
  std::string_view cached_box_class;
  std::string_view cached_box_value_descriptor;
};

// The facts of the native `key` ("owner.name(desc)", internal names); null
// when the table says nothing of it (then it may throw and write anything).
// The table lives as long as the program.
const NativeFacts* FindNativeFacts(std::string_view key);

// Every key of the table, in the .def file's order (for tests).
std::vector<std::string_view> NativeFactsKeys();

}  // namespace jwp::models

#endif  // JWP_MODELS_JDK_NATIVES_H_
