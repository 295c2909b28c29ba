; What every query of bench/strings shares: Java's values in Z3's theories.
; A Java String is a String of UTF-16 code units (each char at most U+FFFF;
; a supplementary code point is two chars, a surrogate pair), no longer than
; Integer.MAX_VALUE. A Java int is a 32-bit vector, as jwp's solver encodes it;
; where it meets a length or an index (an Int of the sequence theory) it is
; converted by jint.
(set-logic ALL)
(define-fun jint ((x (_ BitVec 32))) Int
  (ite (bvslt x #x00000000) (- (bv2int x) 4294967296) (bv2int x)))
(define-fun jstr ((s String)) Bool
  (and (str.in_re s (re.* (re.range "\u{0}" "\u{ffff}")))
       (<= (str.len s) 2147483647)))
; The char at i (String.charAt), -1 out of range.
(define-fun code ((s String) (i Int)) Int (str.to_code (str.at s i)))
(define-fun high ((c Int)) Bool (and (<= 55296 c) (<= c 56319)))
(define-fun low ((c Int)) Bool (and (<= 56320 c) (<= c 57343)))
; String.codePointAt(i) for an i in range: a high surrogate followed by a low
; one is the pair's code point, else the char.
(define-fun cpAt ((s String) (i Int)) Int
  (let ((c1 (code s i)) (c2 (code s (+ i 1))))
    (ite (and (high c1) (low c2)) (+ (* (- c1 55296) 1024) (- c2 56320) 65536) c1)))
; Character.isValidCodePoint.
(define-fun valid_cp ((cp (_ BitVec 32))) Bool
  (and (bvsge cp #x00000000) (bvsle cp #x0010ffff)))
; Two chars equal ignoring case (String.regionMatches(true, ...)): exact for
; ASCII; a pair with a char past ASCII compares as Character's case tables
; say, which is not modelled: an uninterpreted answer, as jwp's String model
; has it (the native jwpCompareFoldedBeyondAscii).
(define-fun fold_ascii ((c Int)) Int (ite (and (<= 65 c) (<= c 90)) (+ c 32) c))
(declare-fun folds_beyond_ascii (Int Int) Bool)
(define-fun same_ignoring_case ((c1 Int) (c2 Int)) Bool
  (or (= c1 c2)
      (ite (or (>= c1 128) (>= c2 128))
           (folds_beyond_ascii c1 c2)
           (= (fold_ascii c1) (fold_ascii c2)))))
; Character.isWhitespace of a char (no supplementary code point is white
; space): the separators of Unicode 13 but the no-break spaces, and the
; controls U+0009-U+000D, U+001C-U+001F.
(define-fun ws () RegLan
  (re.union (re.range "\u{9}" "\u{d}") (re.range "\u{1c}" " ") (str.to_re "\u{1680}")
            (re.range "\u{2000}" "\u{2006}") (re.range "\u{2008}" "\u{200a}")
            (re.range "\u{2028}" "\u{2029}") (str.to_re "\u{205f}") (str.to_re "\u{3000}")))
