#include "bitsolve/core/cpu.hpp"

#include <atomic>

#include "bitsolve/core/errors.hpp"

namespace bitsolve {

namespace {

Kernel detect() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512cd") &&
        __builtin_cpu_supports("avx512vpopcntdq") && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
        __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt"))
        return Kernel::Avx512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
        __builtin_cpu_supports("popcnt"))
        return Kernel::Avx2;
#endif
    return Kernel::Scalar;
}

std::atomic<int>& chosen() {
    static std::atomic<int> k{static_cast<int>(detected_kernel())};
    return k;
}

}  // namespace

const char* kernel_name(Kernel k) {
    switch (k) {
        case Kernel::Avx2: return "avx2";
        case Kernel::Avx512: return "avx512";
        case Kernel::Scalar: break;
    }
    return "scalar";
}

std::optional<Kernel> parse_kernel(std::string_view name) {
    for (Kernel k : {Kernel::Scalar, Kernel::Avx2, Kernel::Avx512})
        if (name == kernel_name(k)) return k;
    return std::nullopt;
}

Kernel detected_kernel() {
    static const Kernel k = detect();
    return k;
}

bool cpu_has_ssse3() {
#if defined(__x86_64__) || defined(__i386__)
    static const bool has = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("ssse3") != 0;
    }();
    return has;
#else
    return false;
#endif
}

bool kernel_supported(Kernel k) { return static_cast<int>(k) <= static_cast<int>(detected_kernel()); }

Kernel active_kernel() { return static_cast<Kernel>(chosen().load(std::memory_order_relaxed)); }

void set_kernel(Kernel k) {
    if (!kernel_supported(k))
        throw UsageError(std::string("this CPU does not support the ") + kernel_name(k) +
                         " kernel (the widest it supports is " + kernel_name(detected_kernel()) + ")");
    chosen().store(static_cast<int>(k), std::memory_order_relaxed);
}

}  // namespace bitsolve
