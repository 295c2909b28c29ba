; interproc.StringMethods.hexDigits: Integer.toHexString(x).length() == 2
; (FOUND x=16). The string: one lower-case hex digit per significant nibble
; of x as unsigned (at least one), a quantifier over its chars.
; call: interproc.StringMethods.hexDigits x y
(set-info :status sat)
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const r String)
(define-fun nibbles () Int
  (ite (bvuge x #x10000000) 8 (ite (bvuge x #x01000000) 7 (ite (bvuge x #x00100000) 6
  (ite (bvuge x #x00010000) 5 (ite (bvuge x #x00001000) 4 (ite (bvuge x #x00000100) 3
  (ite (bvuge x #x00000010) 2 1))))))))
(define-fun hex_digit ((v Int)) Int (ite (< v 10) (+ 48 v) (+ 87 v)))
(assert (= (str.len r) nibbles))
(assert (forall ((i Int)) (=> (and (<= 0 i) (< i nibbles))
          (= (code r i)
             (hex_digit (bv2int (bvand (bvlshr x ((_ int2bv 32) (* 4 (- nibbles 1 i))))
                                       #x0000000f)))))))
(assert (= (str.len r) 2))
(assert (= y #x00000000))
(check-sat)
(get-value (x y))
