#include "cli/cli_run.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace bitsolve::test {

namespace {
std::string read_fd_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}
}  // namespace

pid_t spawn_cli(const std::vector<std::string>& args, const std::string& stdin_path, const std::string& out_path,
                const std::string& err_path) {
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) {
        const int in = ::open(stdin_path.c_str(), O_RDONLY);
        const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        ::dup2(in, 0);
        ::dup2(out, 1);
        ::dup2(err, 2);
        std::string bin = BITSOLVE_BIN;
        std::vector<std::string> copy = args;
        std::vector<char*> argv{bin.data()};
        for (auto& a : copy) argv.push_back(a.data());
        argv.push_back(nullptr);
        ::execv(bin.c_str(), argv.data());
        std::_Exit(127);
    }
    return pid;
}

CliResult run_cli(const std::vector<std::string>& args, const std::string& stdin_text) {
    char dir_template[] = "/tmp/bitsolve-cli-XXXXXX";
    const char* dir = ::mkdtemp(dir_template);
    if (dir == nullptr) throw std::runtime_error("mkdtemp failed");
    const std::string in_path = std::string(dir) + "/in", out_path = std::string(dir) + "/out",
                      err_path = std::string(dir) + "/err";
    {
        std::ofstream in(in_path, std::ios::binary);
        in << stdin_text;
    }
    const pid_t pid = spawn_cli(args, in_path, out_path, err_path);
    int status = 0;
    ::waitpid(pid, &status, 0);
    CliResult r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = read_fd_file(out_path);
    r.err = read_fd_file(err_path);
    std::remove(in_path.c_str());
    std::remove(out_path.c_str());
    std::remove(err_path.c_str());
    ::rmdir(dir);
    return r;
}

std::string data_path(const std::string& relative) { return std::string(BITSOLVE_DATA_DIR) + "/" + relative; }

std::string slurp(const std::string& path) { return read_fd_file(path); }

}  // namespace bitsolve::test
