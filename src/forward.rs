//! The tools' subcommands of `mingmang` (`match`, `datagen`, `tune`, `train`, `latency`), handed to the
//! `mingmang-tools` binary, as `git` and `cargo` hand theirs to `git-x` and `cargo-x`.
//!
//! The tools live in a crate built on the engine's library, so the engine's own binary cannot
//! link them; forwarding keeps the one command people know (`mingmang match ...`) without
//! the engine carrying the match runner, the data tools and their dependencies.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::Command;

/// The tools binary's name.
const TOOLS: &str = "mingmang-tools";

/// Everything after a tools subcommand, passed on untouched (its `--help` included).
#[derive(clap::Args, Debug)]
pub struct ToolArgs {
    /// The subcommand's flags (see `mingmang-tools <subcommand> --help`).
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "ARGS"
    )]
    args: Vec<OsString>,
}

/// Where `mingmang-tools` is: beside this binary (as `cargo build` and the release leave
/// them), else wherever the PATH finds it.
fn tools_binary() -> PathBuf {
    let beside = std::env::current_exe()
        .ok()
        .map(|me| me.with_file_name(format!("{TOOLS}{}", std::env::consts::EXE_SUFFIX)));
    match beside {
        Some(path) if path.is_file() => path,
        _ => PathBuf::from(TOOLS),
    }
}

/// Runs `mingmang-tools <subcommand> <args>` in place of this process (on Unix the process
/// becomes it, keeping its standard streams and signals; elsewhere it waits and exits with
/// its status). Returns only if the tools binary cannot be started.
pub fn run_tool(subcommand: &str, args: ToolArgs) -> Result<(), String> {
    let program = tools_binary();
    let mut command = Command::new(&program);
    command.arg(subcommand).args(args.args);
    let failed = start(&mut command);
    Err(format!(
        "`mingmang {subcommand}` is run by {TOOLS}, which could not be started ({}: {failed}); \
         `cargo build --release` at the workspace root builds it beside mingmang",
        program.display()
    ))
}

#[cfg(unix)]
fn start(command: &mut Command) -> std::io::Error {
    use std::os::unix::process::CommandExt;
    // Its usage lines then say `mingmang match`, as the user typed.
    command.arg0("mingmang").exec()
}

#[cfg(not(unix))]
fn start(command: &mut Command) -> std::io::Error {
    match command.status() {
        Ok(status) => std::process::exit(status.code().unwrap_or(1)),
        Err(e) => e,
    }
}
