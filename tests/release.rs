//! What a release ships agrees with itself: one version everywhere it is written, and crate
//! packages that carry what a user needs and none of the repository's journals and pictures.

use std::path::Path;
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The version `[workspace.package]` sets: the one place it is written.
fn workspace_version() -> String {
    let manifest = read("Cargo.toml");
    let section = manifest
        .split("[workspace.package]")
        .nth(1)
        .expect("a [workspace.package] section");
    let line = section
        .lines()
        .find(|l| l.starts_with("version = "))
        .expect("a version in [workspace.package]");
    line.trim_start_matches("version = ")
        .trim_matches('"')
        .to_string()
}

#[test]
fn every_crate_and_package_has_the_workspace_version() {
    let version = workspace_version();
    assert_eq!(version, env!("CARGO_PKG_VERSION"));
    // The engine's dependency on the rules crate names a version for crates.io: the same.
    let pin = format!(r#"mingmang-rules = {{ path = "crates/rules", version = "{version}" }}"#);
    assert!(
        read("Cargo.toml").contains(&pin),
        "the rules crate is not pinned at {version}"
    );
    // The members inherit it; the Python package reads it from cargo (dynamic).
    for member in ["crates/rules", "crates/tools", "web", "python"] {
        let manifest = read(&format!("{member}/Cargo.toml"));
        assert!(manifest.contains("version.workspace = true"), "{member}");
    }
    assert!(read("python/pyproject.toml").contains(r#"dynamic = ["version"]"#));
    // The npm manifest's version is a placeholder that .ci/dist.sh replaces.
    assert!(read("web/package/package.json").contains(r#""version": "0.0.0""#));
    assert!(read(".ci/dist.sh").contains(r#"manifest["version"] = version"#));
    // The changelog has the version's entry.
    assert!(
        read("CHANGELOG.md").contains(&format!("## [{version}]")),
        "CHANGELOG.md"
    );
}

/// `cargo package --list` of a crate: the files its package would carry.
fn package_list(krate: &str) -> Vec<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let out = Command::new(cargo)
        .args([
            "package",
            "--list",
            "--allow-dirty",
            "--offline",
            "-p",
            krate,
        ])
        .current_dir(ROOT)
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn the_crate_packages_carry_sources_docs_and_licence_but_no_journals_or_pictures() {
    let engine = package_list("mingmang");
    for needed in [
        "Cargo.toml",
        "build.rs",
        "src/main.rs",
        "src/search/eval/builtin.weights",
        "src/search/eval/network/builtin/mingmang-8x8.mmnet",
        "src/search/eval/network/builtin/mingmang-9x9.mmnet",
        "README.md",
        "LICENSE",
        "docs/rules.md",
        "protocol/README.md",
    ] {
        assert!(
            engine.iter().any(|f| f == needed),
            "engine package lacks {needed}"
        );
    }
    let rules = package_list("mingmang-rules");
    for needed in ["Cargo.toml", "README.md", "src/lib.rs", "src/perft.rs"] {
        assert!(
            rules.iter().any(|f| f == needed),
            "rules package lacks {needed}"
        );
    }
    for file in engine.iter().chain(&rules) {
        assert!(
            !file.starts_with("docs/matches/")
                && !file.starts_with("tests/")
                && !file.ends_with(".png")
                && !file.ends_with(".gz"),
            "a package carries {file}"
        );
    }
}
