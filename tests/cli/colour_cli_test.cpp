// --color auto|always|never on the commands that draw boards (rush --show, rush pick --show), and
// the auto rule: a terminal, NO_COLOR unset or empty, TERM not dumb (use_colour, compiled in from
// apps/bitsolve/terminal.cpp, checked on a pseudo-terminal).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "cli/cli_run.hpp"
#include "terminal.hpp"

namespace bitsolve::test {
namespace {

bool coloured(const std::string& out) { return out.find("\x1b[") != std::string::npos; }

TEST(ColourCli, AlwaysNeverAndAutoOnAPipe) {
    const std::string board = data_path("rush/examples/short.txt");
    auto r = run_cli({"rush", "--show", "--color", "always", board});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(coloured(r.out));
    const auto plain = run_cli({"rush", "--show", "--color", "never", board});
    EXPECT_FALSE(coloured(plain.out));
    EXPECT_FALSE(coloured(run_cli({"rush", "--show", board}).out));  // auto: stdout is a pipe here
    // The answer and the moves are the same either way.
    EXPECT_EQ(r.out.substr(0, r.out.find('\n')), plain.out.substr(0, plain.out.find('\n')));
    r = run_cli({"rush", "pick", data_path("rush/db-4x4.txt"), "--show", "--color", "always"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(coloured(r.out));
    r = run_cli({"rush", "--show", "--color", "sometimes", board});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
}

TEST(ColourCli, AutoHonoursNoColorAndDumbTerminals) {
    const int master = ::posix_openpt(O_RDWR | O_NOCTTY);
    ASSERT_GE(master, 0);
    ASSERT_EQ(::grantpt(master), 0);
    ASSERT_EQ(::unlockpt(master), 0);
    const int tty = ::open(::ptsname(master), O_RDWR | O_NOCTTY);
    ASSERT_GE(tty, 0);
    const char* term = std::getenv("TERM");
    const std::string saved_term = term ? term : "";
    ::unsetenv("NO_COLOR");
    ::setenv("TERM", "xterm", 1);
    EXPECT_TRUE(cli::use_colour("auto", tty));
    EXPECT_FALSE(cli::use_colour("never", tty));
    ::setenv("NO_COLOR", "", 1);  // empty: as if unset
    EXPECT_TRUE(cli::use_colour("auto", tty));
    ::setenv("NO_COLOR", "1", 1);
    EXPECT_FALSE(cli::use_colour("auto", tty));
    EXPECT_TRUE(cli::use_colour("always", tty));  // the user's explicit choice wins
    ::unsetenv("NO_COLOR");
    ::setenv("TERM", "dumb", 1);
    EXPECT_FALSE(cli::use_colour("auto", tty));
    ::setenv("TERM", "xterm", 1);
    int p[2];
    ASSERT_EQ(::pipe(p), 0);
    EXPECT_FALSE(cli::use_colour("auto", p[1]));
    EXPECT_TRUE(cli::use_colour("always", p[1]));
    ::close(p[0]);
    ::close(p[1]);
    if (term) ::setenv("TERM", saved_term.c_str(), 1);
    else ::unsetenv("TERM");
    ::close(tty);
    ::close(master);
}

}  // namespace
}  // namespace bitsolve::test
