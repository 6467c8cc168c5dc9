#pragma once
// What `bitsolve sliding --batch` and `bitsolve-mpi sliding --batch` share: the batch settings
// from the option texts, a bad line's message with its hint, and the hints gathered over a
// batch (printed once at its end). One definition, so that both print the same bytes.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "bitsolve/sliding/batch.hpp"
#include "bitsolve/sliding/solver.hpp"

namespace bitsolve::cli {

// The goal of --goal `goal` on a board of geometry g; a bad value is a usage error (exit 2).
sliding::Board goal_option(const std::string& goal, sliding::Geometry g);

// The batch settings of --size and --goal ("blank-last", "blank-first" or the goal's numbers,
// which fix the size: --size, or the square they make), with Korf's length column accepted.
// `solve` is the caller's search settings.
sliding::BatchOptions batch_settings(const std::string& size, const std::string& goal,
                                     const sliding::SolveOptions& solve);

// A bad or refused line's message, with the option that would help.
std::string batch_error(const sliding::BatchItem& item, const sliding::BatchOptions& b);

// Hints over a batch's answers: answers that differ from the input's length column, and -1
// answers that the other standard goal would not give.
class BatchHints {
public:
    // One answered line; `other_goal`: answered -1 and the other standard goal is reachable.
    void add(std::size_t line, std::optional<long long> expected, int length, bool other_goal);
    // Whether a -1 answer of `item` reaches the other standard goal of --goal `goal`.
    static bool reaches_other_goal(const sliding::BatchItem& item, const sliding::BatchOptions& b,
                                   const std::string& goal);
    // The hint messages ("hint: ..."), empty when there is nothing to say.
    std::vector<std::string> messages(bool blank_first) const;

private:
    std::size_t checked_ = 0, differ_ = 0, other_goal_ = 0;
    std::string first_difference_;
};

}  // namespace bitsolve::cli
