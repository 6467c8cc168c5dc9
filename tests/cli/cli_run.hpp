#pragma once
// End-to-end helper: runs the built bitsolve binary with arguments and stdin text, and captures
// stdout, stderr and the exit code. Used by every tests/cli/*_test.cpp.
#include <sys/types.h>

#include <string>
#include <vector>

namespace bitsolve::test {

struct CliResult {
    int exit_code = -1;
    std::string out;
    std::string err;
};

// args are passed without a shell (no quoting needed); stdin_text is fed on standard input.
CliResult run_cli(const std::vector<std::string>& args, const std::string& stdin_text = "");

// Starts the binary with args, stdin read from stdin_path and stdout/stderr written to out_path
// and err_path; returns the child's pid for the caller to wait on (run_cli waits at once; the
// robustness tests poll, signal and read its peak memory).
pid_t spawn_cli(const std::vector<std::string>& args, const std::string& stdin_path, const std::string& out_path,
                const std::string& err_path);

// Path of a file under data/ of the repository.
std::string data_path(const std::string& relative);

// Reads a whole file (for comparing with expected outputs).
std::string slurp(const std::string& path);

}  // namespace bitsolve::test
