/// Comparing secrets (plans' sign-up codes, the control token) in time that does not depend on where they differ.
public enum ConstantTime {
  /// Whether `candidate` equals `secret`, reading every byte of `candidate` whatever it holds; an empty secret
  /// matches nothing.
  public static func equal(_ secret: [UInt8], _ candidate: some Collection<UInt8>) -> Bool {
    guard !secret.isEmpty else { return false }
    var difference = secret.count ^ candidate.count
    var index = 0
    for byte in candidate {
      difference |= Int(byte ^ secret[index % secret.count])
      index += 1
    }
    return difference == 0
  }
}
