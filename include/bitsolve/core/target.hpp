#pragma once
// Function attributes that compile one function for a wider instruction set than the build's
// (x86-64 with GCC or Clang). Only code reached after a run-time check (core/cpu.hpp) may call
// such a function. Inline functions from headers called there are compiled into it, while their
// own out-of-line copies keep the build's instruction set; lambdas do not inherit the
// attribute, so the vector kernels use named helpers carrying it.
#define BITSOLVE_TARGET_SSSE3 __attribute__((target("ssse3")))
#define BITSOLVE_TARGET_AVX2 __attribute__((target("avx2,bmi,bmi2,popcnt")))
#define BITSOLVE_TARGET_AVX512 \
    __attribute__((target("avx512f,avx512vl,avx512bw,avx512dq,avx512cd,avx512vpopcntdq,avx2,bmi,bmi2,popcnt")))
