#pragma once
// Which vector kernel the hot searches run (N-Queens search, Rush Hour moves search). The
// default build targets baseline x86-64; the kernels for wider instruction sets are compiled
// apart (function target attributes) and chosen at run time from what the CPU reports, so that
// no AVX instruction runs on a CPU without it. The choice is process-wide: the best kernel the
// CPU supports unless set_kernel() chose another.
#include <optional>
#include <string>
#include <string_view>

namespace bitsolve {

// Ordered: a CPU that supports a kernel supports every kernel before it. Scalar is the baseline
// kernel: what every x86-64 CPU runs, so on x86-64 it uses SSE2 (part of the baseline) where
// that pays (the N-Queens lanes, the Rush Hour visited set); elsewhere it is plain C++. Where
// the CPU has SSSE3 (Intel since Core 2, 2006; AMD since Bobcat and Bulldozer, 2011: older AMD
// CPUs such as the Phenom lack it), the scalar kernel's N-Queens lanes run a form compiled for
// it (a byte shuffle gathers the survivors); the SSE2 form stays for the CPUs without it. Same
// tree, same counts.
enum class Kernel { Scalar = 0, Avx2 = 1, Avx512 = 2 };

// "scalar", "avx2", "avx512".
const char* kernel_name(Kernel k);
// The kernel a name means, if any (exactly the spellings of kernel_name).
std::optional<Kernel> parse_kernel(std::string_view name);

// The widest kernel this CPU supports (cpuid; AVX2 needs AVX2, BMI1 and BMI2; AVX-512 needs F, VL,
// BW, DQ, CD and VPOPCNTDQ, plus the operating system's support for the registers).
Kernel detected_kernel();
bool kernel_supported(Kernel k);
// Whether the CPU has SSSE3 (cpuid), which the scalar kernel's SSSE3 form needs.
bool cpu_has_ssse3();

// The kernel the searches use now (detected_kernel() until set_kernel is called).
Kernel active_kernel();
// Makes k the kernel of the searches started from now on. Throws UsageError when this CPU
// does not support it.
void set_kernel(Kernel k);

}  // namespace bitsolve
