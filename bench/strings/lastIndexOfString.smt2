; interproc.StringMethods.lastIndexOfString: t.length() == 2 && s.length() == 4
; && s.lastIndexOf(t) == 2 (FOUND s="abcd" t="cd"). lastIndexOf(t) = |a|
; where s = a t b and t starts nowhere after |a| (an empty t: |s|).
; call: interproc.StringMethods.lastIndexOfString s t y
(set-info :status sat)
(declare-const s String)
(declare-const t String)
(declare-const y (_ BitVec 32))
(declare-const r Int)
(declare-const a String)
(declare-const b String)
(assert (jstr s))
(assert (jstr t))
(assert (ite (str.contains s t)
             (and (= s (str.++ a t b)) (= r (str.len a))
                  (or (= (str.len a) (str.len s))
                      (not (str.contains (str.substr s (+ (str.len a) 1) (str.len s)) t))))
             (= r (- 1))))
(assert (= (str.len t) 2))
(assert (= (str.len s) 4))
(assert (= r 2))
(assert (= y #x00000000))
(check-sat)
(get-value (s t y))
