; interproc.StringsSince11.blank: s.length() == 2 && s.isBlank() (FOUND
; s="  "): every char white space (a regular expression).
; call: interproc.StringsSince11.blank s y
(set-info :status sat)
(declare-const s String)
(declare-const y (_ BitVec 32))
(assert (jstr s))
(assert (= (str.len s) 2))
(assert (str.in_re s (re.* ws)))
(assert (= y #x00000000))
(check-sat)
(get-value (s y))
