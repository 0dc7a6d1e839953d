//! Feedback that names the real fault: a submission for each fault that learners' programs
//! really have and that the feedback once named wrongly, graded on the grader's own fixtures,
//! the whole report a reviewed snapshot.

use test_support::{Trial, test};

use crate::{grade, snapshot, stage_submission};

/// Each fault, the stage of its submission, whether the game is right (a presentation error)
/// or wrong (a wrong answer), and the name of the snapshot of its report.
const FAULTS: &[(&str, u8, Game, &str)] = &[
    (
        "prompts-without-colons",
        4,
        Game::Right,
        "a_prompt_without_its_colon_never_takes_in_the_message_after_it",
    ),
    (
        "game-not-finished-after-each-move",
        5,
        Game::Right,
        "a_true_state_after_each_move_is_a_presentation_error",
    ),
    (
        "grid-again-after-rejection",
        5,
        Game::Right,
        "the_grid_shown_again_after_a_rejection_is_a_presentation_error",
    ),
    (
        "cells-rejected-in-own-words",
        3,
        Game::Right,
        "the_rejection_of_cells_in_other_words_is_a_presentation_error",
    ),
    (
        "first-prompt-on-its-own-line-then-none",
        4,
        Game::Right,
        "a_prompt_ending_its_line_and_prompts_missing_are_counted_apart",
    ),
    (
        "lower-case-rows-with-trailing-space",
        3,
        Game::Right,
        "trailing_white_space_is_marked_where_it_is",
    ),
    (
        "welcome-line",
        5,
        Game::Right,
        "a_welcome_line_is_a_presentation_error",
    ),
    (
        "no-initial-grid",
        5,
        Game::Wrong,
        "a_missing_empty_grid_is_named",
    ),
    (
        "x-makes-every-move",
        5,
        Game::Wrong,
        "x_moving_twice_is_named",
    ),
    (
        "moves-on-coordinates-out-of-range",
        5,
        Game::Wrong,
        "a_move_where_none_was_asked_is_named",
    ),
    (
        "no-message-for-words",
        5,
        Game::Wrong,
        "a_missing_message_is_named_after_its_input",
    ),
    (
        "stage1-zero-for-o-in-row-2",
        1,
        Game::Wrong,
        "stage_1_a_digit_0_in_row_2_is_named_on_that_row",
    ),
    (
        "stage2-zero-for-o-in-row-2",
        2,
        Game::Wrong,
        "stage_2_a_digit_0_in_row_2_is_named_on_that_row",
    ),
    (
        "middle-row-missing-a-cell",
        3,
        Game::Wrong,
        "a_line_that_is_no_row_shown_as_a_row_is_named",
    ),
];

/// Whether a submission's game is right.
#[derive(Clone, Copy)]
enum Game {
    Right,
    Wrong,
}

pub(crate) fn trials() -> Vec<Trial> {
    FAULTS
        .iter()
        .map(|&(fault, stage, game, name)| {
            test(format!("feedback::{name}"), move || {
                let graded = grade(&stage_submission(stage, &[], fault, &[]));
                assert_eq!(graded.status, Some(1), "{}", graded.report);
                let verdict = match game {
                    Game::Right => ": Presentation error\n",
                    Game::Wrong => ": Wrong answer\n",
                };
                assert!(graded.report.contains(verdict), "{}", graded.report);
                snapshot(name, &graded.report);
            })
        })
        .collect()
}
