; interproc.StringMethods.supplementaryIndex: s.indexOf(0x1F600) == 1 (FOUND
; s="a\uD83D\uDE00"). indexOf(int ch): a char below U+10000, a surrogate
; pair for a valid supplementary code point, -1 for anything else.
; call: interproc.StringMethods.supplementaryIndex s y
(set-info :status sat)
(declare-const s String)
(declare-const y (_ BitVec 32))
(define-fun index_of_cp ((s String) (cp (_ BitVec 32))) Int
  (let ((c (jint cp)))
    (ite (bvslt cp #x00010000)
         (ite (bvslt cp #x00000000) (- 1) (str.indexof s (str.from_code c) 0))
         (ite (valid_cp cp)
              (str.indexof s (str.++ (str.from_code (+ 55296 (div (- c 65536) 1024)))
                                     (str.from_code (+ 56320 (mod (- c 65536) 1024)))) 0)
              (- 1)))))
(assert (jstr s))
(assert (= (index_of_cp s #x0001f600) 1))
(assert (= y #x00000000))
(check-sat)
(get-value (s y))
