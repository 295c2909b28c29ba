; interproc.StringMethods.regionIgnoringCase: s.regionMatches(true, 1, "XY",
; 0, 2) (FOUND s="axy"): offsets in range, then every char equal ignoring
; case (a quantifier).
; call: interproc.StringMethods.regionIgnoringCase s y
(set-info :status sat)
(declare-const s String)
(declare-const y (_ BitVec 32))
(define-fun other () String "XY")
(define-fun toffset () Int 1)
(define-fun ooffset () Int 0)
(define-fun len () Int 2)
(assert (jstr s))
(assert (not (or (< ooffset 0) (< toffset 0) (> toffset (- (str.len s) len))
                 (> ooffset (- (str.len other) len)))))
(assert (forall ((i Int)) (=> (and (<= 0 i) (< i len))
          (same_ignoring_case (code s (+ toffset i)) (code other (+ ooffset i))))))
(assert (= y #x00000000))
(check-sat)
(get-value (s y))
