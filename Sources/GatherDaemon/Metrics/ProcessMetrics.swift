import Glibc
import Prometheus
import Synchronization

/// The standard `process_*` metrics (as every Prometheus client library exports them on Linux), read from
/// `/proc/self` at each scrape: CPU time, resident and virtual memory, open and allowed descriptors, and when
/// the process started. swift-prometheus has no collector for them.
///
/// Only `/proc/self` is read, which systemd's `ProcSubset=pid` leaves visible; the start time comes from
/// `CLOCK_BOOTTIME` rather than `/proc/stat`, which it hides.
final class ProcessMetrics: Sendable {
  private let cpu: Prometheus.Counter
  private let resident: Prometheus.Gauge
  private let virtual: Prometheus.Gauge
  private let openFDs: Prometheus.Gauge
  private let maxFDs: Prometheus.Gauge
  /// The CPU seconds already added to the counter, which only goes up by increments.
  private let countedCPU = Mutex<Double>(0)

  /// Registers the metrics in `registry` and sets the start time.
  init(registry: PrometheusCollectorRegistry) {
    cpu = registry.makeCounter(
      descriptor: Self.describe("process_cpu_seconds_total", "Total user and system CPU time spent in seconds."))
    resident = registry.makeGauge(
      descriptor: Self.describe("process_resident_memory_bytes", "Resident memory size in bytes."))
    virtual = registry.makeGauge(
      descriptor: Self.describe("process_virtual_memory_bytes", "Virtual memory size in bytes."))
    openFDs = registry.makeGauge(descriptor: Self.describe("process_open_fds", "Number of open file descriptors."))
    maxFDs = registry.makeGauge(
      descriptor: Self.describe("process_max_fds", "Maximum number of open file descriptors."))
    let started = registry.makeGauge(
      descriptor: Self.describe("process_start_time_seconds", "Start time of the process since unix epoch in seconds."))
    if let stat = Self.stat() { started.set(to: Self.bootTime() + stat.startTicks / Self.ticksPerSecond) }
  }

  private static func describe(_ name: String, _ help: String) -> MetricNameDescriptor {
    MetricNameDescriptor(metricName: name, unitName: "", helpText: help)
  }

  /// Reads the current values.
  func update() {
    if let stat = Self.stat() {
      let seconds = stat.cpuTicks / Self.ticksPerSecond
      countedCPU.withLock { counted in
        if seconds > counted { cpu.increment(by: seconds - counted) }
        counted = max(counted, seconds)
      }
      virtual.set(to: stat.virtualBytes)
      resident.set(to: stat.residentPages * Double(sysconf(Int32(_SC_PAGESIZE))))
    }
    openFDs.set(to: Double(Self.openDescriptors()))
    var limit = rlimit()
    if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 { maxFDs.set(to: Double(limit.rlim_cur)) }
  }

  private static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

  /// The fields of `/proc/self/stat` used here.
  private struct Stat {
    var cpuTicks: Double
    var startTicks: Double
    var virtualBytes: Double
    var residentPages: Double
  }

  /// `/proc/self/stat`, read after the command name (which may hold spaces and parentheses): the fields from
  /// the third (state) on, so utime is the 12th here, stime the 13th, starttime the 20th, vsize and rss next.
  private static func stat() -> Stat? {
    let fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 1024)
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0, let end = buffer[..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
    let fields = buffer[(end + 1)..<count].split(separator: UInt8(ascii: " ")).map {
      Double(String(decoding: $0, as: UTF8.self)) ?? 0
    }
    guard fields.count > 21 else { return nil }
    return Stat(
      cpuTicks: fields[11] + fields[12], startTicks: fields[19], virtualBytes: fields[20], residentPages: fields[21])
  }

  /// When the machine booted, in seconds since 1970: the wall clock less the time since boot.
  private static func bootTime() -> Double {
    var wall = timespec()
    var boot = timespec()
    clock_gettime(CLOCK_REALTIME, &wall)
    clock_gettime(CLOCK_BOOTTIME, &boot)
    return Double(wall.tv_sec - boot.tv_sec) + Double(wall.tv_nsec - boot.tv_nsec) / 1e9
  }

  /// The entries of `/proc/self/fd`, less the one this count opens.
  private static func openDescriptors() -> Int {
    guard let directory = opendir("/proc/self/fd") else { return 0 }
    defer { closedir(directory) }
    var count = 0
    while let entry = readdir(directory) {
      if entry.pointee.d_name.0 != 0x2E { count += 1 }  // not "." or ".."
    }
    return max(count - 1, 0)
  }
}
