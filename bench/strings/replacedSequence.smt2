; interproc.StringMethods.replacedSequence: s.length() == 4 &&
; s.replace("ab", "x").length() == 2 (FOUND s="abab"; jwp: UNKNOWN,
; allowed). Non-overlapping matches from the left, as replace_all (Java's
; replace of an empty target differs; the target here is not empty).
; call: interproc.StringMethods.replacedSequence s y
(set-info :status sat)
(declare-const s String)
(declare-const y (_ BitVec 32))
(assert (jstr s))
(assert (= (str.len s) 4))
(assert (= (str.len (str.replace_all s "ab" "x")) 2))
(assert (= y #x00000000))
(check-sat)
(get-value (s y))
