// A benchmark driver for Christophe Steininger's Connect-Four solver c4
// (https://github.com/ChristopheSteininger/c4), for `bench.sh --vs-c4`.
// It is our own code and only calls c4's public API; c4 itself is never part
// of this repository: bench/c4/build.sh copies it outside the repository and
// compiles this file against it.
//
// Reads one position a line on stdin as Pascal Pons's move string (digits 1..9
// are the columns, then A..G for columns 10 to 16 as inarow writes them on wide
// boards; the first move first; an empty line is the empty board; anything
// after the first word, such as an expected score, is ignored), on the board
// c4 was compiled for (BOARD_WIDTH x BOARD_HEIGHT, see bench/c4/build.sh),
// solves it strongly with the table cleared first, and prints, like Pons's
// c4solver and `inarow solve`:
//
//   moves score nodes micros
//
// score is Pons's: from the side to move, a win with the winner's s-th stone
// scores ceil(W * H / 2) + 1 - s (22 - s on 7x6), a loss the negative, a draw 0.
// c4's strong score is the same number (c4 scores a win on move n as
// 1 + (W * H - n) / 2, from the side to move).
// nodes is the node count of c4's merged search stats (all windows of the
// solve, all threads), micros the wall time of the solve alone.
//
// A bad line (not a column of the board, a full column, a move after the game was won)
// gets an error on stderr and an empty line on stdout, so that the output stays
// line for line with the input; the exit status is then 1.
//
// `c4-driver --settings` prints the compiled-in thread count and table size.

#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <thread>

#include "solver/entry.h"
#include "solver/position.h"
#include "solver/settings.h"
#include "solver/solver.h"

static_assert(BOARD_WIDTH <= 16, "The driver reads columns 1..9 and A..G.");

// The column (from 0) a move-string character names, or -1.
static int column_of(char c) {
    if (c >= '1' && c <= '9') return c - '1';
    if (c >= 'A' && c <= 'G') return c - 'A' + 9;
    return -1;
}

// Plays the move string onto pos; returns an empty string, or why it is not a position.
static std::string play_moves(const std::string &moves, Position &pos) {
    for (size_t i = 0; i < moves.size(); i++) {
        char c = moves[i];
        int col = column_of(c);
        if (col < 0 || col >= BOARD_WIDTH) {
            return "move " + std::to_string(i + 1) + " '" + c + "' is not a column 1.." + std::to_string(BOARD_WIDTH);
        }
        if (pos.is_game_over()) {
            return "move " + std::to_string(i + 1) + " comes after the end of the game";
        }
        if (!pos.is_move_valid(col)) {
            return "move " + std::to_string(i + 1) + ": column " + c + " is full";
        }
        pos.move(col);
    }
    // Like Pons's solver, refuse a position already won: a winning move ends the string.
    if (pos.has_opponent_won()) {
        return "the last move wins: the game is already over";
    }
    return "";
}

int main(int argc, char **argv) {
    if (argc == 2 && std::string(argv[1]) == "--settings") {
        unsigned threads = NUM_THREADS == 0 ? std::thread::hardware_concurrency() : NUM_THREADS;
        double mib = (double)(NUM_TABLE_ENTRIES * sizeof(Entry)) / (1024.0 * 1024.0);
        std::printf("c4 %dx%d: %u thread(s), table %llu entries x %zu B = %.2f MiB\n", BOARD_WIDTH,
                    BOARD_HEIGHT, threads,
                    (unsigned long long)NUM_TABLE_ENTRIES, sizeof(Entry), mib);
        return 0;
    }
    if (argc != 1) {
        std::cerr << "usage: " << argv[0] << " [--settings] < move strings" << std::endl;
        return 2;
    }

    Solver solver{};
    int failures = 0;
    std::string line;
    for (long number = 1; std::getline(std::cin, line); number++) {
        std::string moves = line.substr(0, line.find_first_of(" \t\r"));
        Position pos{};
        std::string error = play_moves(moves, pos);
        if (!error.empty()) {
            std::cerr << "c4-driver: line " << number << " \"" << moves << "\": " << error << std::endl;
            std::cout << std::endl;
            failures++;
            continue;
        }

        solver.clear_state();  // empties the table and the merged stats
        auto start = std::chrono::steady_clock::now();
        int score = solver.solve_strong(pos);
        auto micros =
            std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start).count();
        unsigned long long nodes = solver.get_merged_stats().get_num_nodes();

        std::cout << moves << ' ' << score << ' ' << nodes << ' ' << micros << std::endl;
    }
    return failures == 0 ? 0 : 1;
}
