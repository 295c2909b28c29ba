; interproc.StringMethods.codePoint: s.codePointAt(0) == 0x1F600 (FOUND
; s="\uD83D\uDE00"); codePointAt(0) of an empty string throws.
; call: interproc.StringMethods.codePoint s y
(set-info :status sat)
(declare-const s String)
(declare-const y (_ BitVec 32))
(assert (jstr s))
(assert (> (str.len s) 0))
(assert (= (cpAt s 0) 128512))
(assert (= y #x00000000))
(check-sat)
(get-value (s y))
