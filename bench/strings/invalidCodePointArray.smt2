; interproc.StringMethods.invalidCodePointArray: new String(cps, 0,
; cps.length) threw IllegalArgumentException (FOUND cps=[-1]): some element
; is no valid code point. The int[] is an array of the solver's.
; call: interproc.StringMethods.invalidCodePointArray cps y
(set-info :status sat)
(declare-const cps (Array Int (_ BitVec 32)))
(declare-const cps_length Int)
(declare-const k Int)
(declare-const y (_ BitVec 32))
(assert (and (<= 0 cps_length) (<= cps_length 2147483647)))
(assert (and (<= 0 k) (< k cps_length) (not (valid_cp (select cps k)))))
(assert (= y #x00000000))
(check-sat)
(get-value (cps_length (select cps 0) (select cps 1) (select cps 2) (select cps 3) y))
