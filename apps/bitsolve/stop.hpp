#pragma once
// What requests a stop of the library's searches in the CLI (core/limits.hpp polls the flag):
// SIGINT/SIGTERM and the --timeout watchdog.
namespace bitsolve::cli {

// SIGINT and SIGTERM request a stop (Interrupted) instead of killing the process.
void install_signal_handlers();

// Starts a detached watchdog that requests a stop (Timeout) after `seconds` (> 0).
void arm_timeout(double seconds);

}  // namespace bitsolve::cli
