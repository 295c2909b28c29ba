// How jwp exceptions makes one (method, exception) pair's condition from the
// search's JSON (app/exception_conditions.h): the printed condition keeps no
// disjunct that another implies by its conjuncts alone.
#include "app/exception_conditions.h"

#include <string>

#include "gtest/gtest.h"
#include "nlohmann/json.hpp"

namespace jwp::app {
namespace {

using nlohmann::ordered_json;

// A FOUND search whose disjuncts (the first the result's own, the rest its
// alternatives) were confirmed on the JVM, optimistic ones through
// String.format returning normally only. With `internal`, one more exact
// one over an argument's internal state (left out: then the printed ones
// are not all the exact disjuncts, and the condition is theirs as they
// are, not the engine's merged form of all).
ordered_json Search(const std::vector<std::string>& preconditions, bool optimistic, bool internal = false) {
  ordered_json s;
  s["verdict"] = "FOUND";
  s["goal"] = "p.C.m(Ljava/lang/Object;I)V@any";
  s["kind"] = "exit:java.lang.NullPointerException";
  s["entry"] = "p.C.m(Ljava/lang/Object;I)V";
  s["exhaustive"] = false;
  ordered_json alternatives = ordered_json::array();
  for (size_t i = 0; i < preconditions.size(); ++i) {
    ordered_json d = ordered_json::object();
    d["precondition"] = preconditions[i];
    d["confirmed"] = true;
    d["optimistic"] = optimistic;
    d["assumptions"] = optimistic ? ordered_json::array({"optimistic: java.lang.String.format(Ljava/lang/String;[Ljava/"
                                                         "lang/Object;)Ljava/lang/String; at p.C.m:3 assumed to return "
                                                         "normally"})
                                  : ordered_json::array();
    if (i == 0) {
      for (auto& [k, v] : d.items()) s[k] = v;
    } else {
      alternatives.push_back(d);
    }
  }
  if (internal) {
    ordered_json d;
    d["precondition"] = "o.count > 3";
    d["confirmed"] = true;
    d["internal_state"] = ordered_json::array({"p.O.count"});
    alternatives.push_back(d);
  }
  s["alternatives"] = alternatives;
  return s;
}

absint::ThrownType Npe() {
  absint::ThrownType t;
  t.type = "java/lang/NullPointerException";
  t.origin = absint::ThrownType::Origin::kCallee;
  return t;
}

TEST(ExceptionConditions, ADisjunctAnotherImpliesIsNotPrinted) {
  // Candidates the search re-solved for other inputs: the later ones say
  // more of the same case.
  const ordered_json provided =
      ExceptionPair("p.C.m(Ljava/lang/Object;I)V", Npe(),
                    Search({"date == null", "date == null && amount != 0", "date == null && amount != 0 && amount != -1"},
                           /*optimistic=*/true),
                    /*confirm=*/true);
  EXPECT_EQ(provided["condition"], "date == null, when java.lang.String.format returns normally") << provided.dump(2);
  // Exact ones too; a conjunct inside parentheses or a string is no
  // conjunct of the disjunct.
  const ordered_json exact = ExceptionPair(
      "p.C.m(Ljava/lang/Object;I)V", Npe(),
      Search({"a == null && (b || c)", "a == null && (b || c) && s.equals(\"x && y\")", "b", "a == null && b"},
             /*optimistic=*/false, /*internal=*/true),
      /*confirm=*/true);
  EXPECT_EQ(exact["condition"], "(a == null && (b || c)) || b") << exact.dump(2);
  // Equal ones: the first kept.
  const ordered_json same =
      ExceptionPair("p.C.m(Ljava/lang/Object;I)V", Npe(), Search({"x < 0 && y", "y && x < 0"}, false, true), true);
  EXPECT_EQ(same["condition"], "x < 0 && y") << same.dump(2);
}

}  // namespace
}  // namespace jwp::app
