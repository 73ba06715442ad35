import Glibc

/// The standard normal distribution, computed as Python's `statistics.NormalDist()` computes it, which is what
/// openskill uses: the cumulative distribution from `erf`, and its inverse by Wichura's algorithm AS241 (1988),
/// accurate to about 1 part in 10^16.
enum NormalDistribution {
  /// Φ(x): the probability that a standard normal variable is at most `x`.
  static func cdf(_ x: Double) -> Double {
    0.5 * (1.0 + erf(x / 2.0.squareRoot()))
  }

  /// Φ⁻¹(p): the `x` with Φ(x) = p, for p strictly between 0 and 1 (±infinity at 0 and 1, NaN outside).
  static func inverseCDF(_ p: Double) -> Double {
    guard p > 0, p < 1 else { return p == 0 ? -.infinity : p == 1 ? .infinity : .nan }
    let q = p - 0.5
    if abs(q) <= 0.425 {
      let r = 0.180625 - q * q
      return q * horner(central.numerator, r) / horner(central.denominator, r)
    }
    var r = (-log(q <= 0 ? p : 1 - p)).squareRoot()
    let tail: (numerator: [Double], denominator: [Double])
    if r <= 5 {
      r -= 1.6
      tail = intermediate
    } else {
      r -= 5
      tail = far
    }
    let x = horner(tail.numerator, r) / horner(tail.denominator, r)
    return q < 0 ? -x : x
  }

  /// c₀·rⁿ + c₁·rⁿ⁻¹ + … + cₙ, highest power first, evaluated in the order AS241 does.
  private static func horner(_ coefficients: [Double], _ r: Double) -> Double {
    var value = coefficients[0]
    for coefficient in coefficients.dropFirst() { value = value * r + coefficient }
    return value
  }

  // AS241's coefficients (PPND16), highest power first: for |p − 0.5| ≤ 0.425, then the tails with
  // r = √(−log(min(p, 1 − p))) up to 5 and beyond.
  private static let central: (numerator: [Double], denominator: [Double]) = (
    [
      2.509_080_928_730_122_672_7e+3, 3.343_057_558_358_812_810_5e+4, 6.726_577_092_700_870_085_3e+4,
      4.592_195_393_154_987_145_7e+4, 1.373_169_376_550_946_112_5e+4, 1.971_590_950_306_551_442_7e+3,
      1.331_416_678_917_843_774_5e+2, 3.387_132_872_796_366_608_0e+0,
    ],
    [
      5.226_495_278_852_854_561_0e+3, 2.872_908_573_572_194_267_4e+4, 3.930_789_580_009_271_061_0e+4,
      2.121_379_430_158_659_586_7e+4, 5.394_196_021_424_751_107_7e+3, 6.871_870_074_920_579_083_0e+2,
      4.231_333_070_160_091_125_2e+1, 1.0,
    ]
  )
  private static let intermediate: (numerator: [Double], denominator: [Double]) = (
    [
      7.745_450_142_783_414_076_40e-4, 2.272_384_498_926_918_458_33e-2, 2.417_807_251_774_506_117_70e-1,
      1.270_458_252_452_368_382_58e+0, 3.647_848_324_763_204_605_04e+0, 5.769_497_221_460_691_405_50e+0,
      4.630_337_846_156_545_295_90e+0, 1.423_437_110_749_683_577_34e+0,
    ],
    [
      1.050_750_071_644_416_843_24e-9, 5.475_938_084_995_344_946_00e-4, 1.519_866_656_361_645_719_66e-2,
      1.481_039_764_274_800_745_90e-1, 6.897_673_349_851_000_045_50e-1, 1.676_384_830_183_803_849_40e+0,
      2.053_191_626_637_758_821_87e+0, 1.0,
    ]
  )
  private static let far: (numerator: [Double], denominator: [Double]) = (
    [
      2.010_334_399_292_288_132_65e-7, 2.711_555_568_743_487_578_15e-5, 1.242_660_947_388_078_438_60e-3,
      2.653_218_952_657_612_309_30e-2, 2.965_605_718_285_048_912_30e-1, 1.784_826_539_917_291_335_80e+0,
      5.463_784_911_164_114_369_90e+0, 6.657_904_643_501_103_777_20e+0,
    ],
    [
      2.044_263_103_389_939_785_64e-15, 1.421_511_758_316_445_888_70e-7, 1.846_318_317_510_054_681_80e-5,
      7.868_691_311_456_132_591_00e-4, 1.487_536_129_085_061_485_25e-2, 1.369_298_809_227_358_053_10e-1,
      5.998_322_065_558_879_376_90e-1, 1.0,
    ]
  )
}
