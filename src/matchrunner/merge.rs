//! Merging the JSON summaries of match shards (`mingmang match --merge`): a long match split
//! over several machines, each shard a `mingmang match ... --seed S --json shard.json` of its
//! own, gives one result over all its games, with the Elo estimate, the LOS and the SPRT
//! computed on the summed counts.

use std::collections::BTreeMap;

use super::json::{self, Json};
use super::stats::{Sprt, SprtDecision, Wdl};

/// What the shards add up to.
pub struct Merged {
    /// The engines, as every shard names them.
    pub engines: Vec<String>,
    /// Each engine's games against the field (or its opponent), summed.
    pub players: Vec<Wdl>,
    /// Games played in all.
    pub games: u64,
    /// Shards merged.
    pub shards: usize,
    /// Endings by kind, summed.
    pub terminations: BTreeMap<String, u64>,
    /// Every shard's disagreements, prefixed with the shard's file.
    pub disagreements: Vec<String>,
    /// The SPRT over all games, if one was asked for (or the shards ran one).
    pub sprt: Option<(Sprt, f64, SprtDecision)>,
}

fn field<'a>(v: &'a Json, key: &str, file: &str) -> Result<&'a Json, String> {
    v.get(key)
        .ok_or_else(|| format!("{file}: no '{key}' in the summary"))
}

fn count(v: &Json, key: &str, file: &str) -> Result<u32, String> {
    field(v, key, file)?
        .as_u64()
        .map(|n| n as u32)
        .ok_or_else(|| format!("{file}: '{key}' is not a count"))
}

/// Merges the summaries `shards` (file name, JSON text). Every shard must name the same
/// engines in the same order. The SPRT is `sprt` if given, else the first shard's, if any.
pub fn merge(shards: &[(String, String)], sprt: Option<Sprt>) -> Result<Merged, String> {
    let mut merged = Merged {
        engines: Vec::new(),
        players: Vec::new(),
        games: 0,
        shards: 0,
        terminations: BTreeMap::new(),
        disagreements: Vec::new(),
        sprt: None,
    };
    let mut sprt = sprt;
    for (file, text) in shards {
        let v = json::parse(text).map_err(|e| format!("{file}: {e}"))?;
        let engines: Vec<String> = field(&v, "engines", file)?
            .as_array()
            .ok_or_else(|| format!("{file}: 'engines' is not a list"))?
            .iter()
            .map(|e| e.as_str().unwrap_or_default().to_string())
            .collect();
        if merged.shards == 0 {
            merged.players = vec![Wdl::new(0, 0, 0); engines.len()];
            merged.engines = engines;
        } else if engines != merged.engines {
            return Err(format!(
                "{file}: the engines {engines:?} differ from the first shard's {:?}",
                merged.engines
            ));
        }
        let players = field(&v, "players", file)?
            .as_array()
            .ok_or_else(|| format!("{file}: 'players' is not a list"))?;
        if players.len() != merged.players.len() {
            return Err(format!("{file}: 'players' does not match 'engines'"));
        }
        for (sum, p) in merged.players.iter_mut().zip(players) {
            sum.wins += count(p, "wins", file)?;
            sum.draws += count(p, "draws", file)?;
            sum.losses += count(p, "losses", file)?;
        }
        merged.games += count(&v, "games_played", file)? as u64;
        if let Some(terms) = v.get("terminations").and_then(Json::as_object) {
            for (k, n) in terms {
                *merged.terminations.entry(k.clone()).or_default() += n.as_u64().unwrap_or(0);
            }
        }
        if let Some(ds) = v.get("disagreements").and_then(Json::as_array) {
            for d in ds {
                merged
                    .disagreements
                    .push(format!("{file}: {}", d.as_str().unwrap_or_default()));
            }
        }
        if sprt.is_none() {
            if let Some(s) = v.get("sprt").filter(|s| !s.is_null()) {
                let num = |k: &str| s.get(k).and_then(Json::as_f64);
                if let (Some(elo0), Some(elo1), Some(alpha), Some(beta)) =
                    (num("elo0"), num("elo1"), num("alpha"), num("beta"))
                {
                    sprt = Some(Sprt {
                        elo0,
                        elo1,
                        alpha,
                        beta,
                    });
                }
            }
        }
        merged.shards += 1;
    }
    if merged.shards == 0 {
        return Err("no summary to merge".into());
    }
    merged.sprt = sprt.map(|s| {
        let wdl = &merged.players[0];
        (s, s.llr(wdl), s.decision(wdl))
    });
    Ok(merged)
}

impl Merged {
    /// The merged result in words, as `mingmang match` prints a finished match.
    pub fn text(&self) -> String {
        let mut out = format!("Merged: {} shards, {} games\n", self.shards, self.games);
        let names: Vec<&str> = self.engines.iter().map(String::as_str).collect();
        out.push_str(&super::results_text(&names, &self.players));
        if let Some((s, llr, d)) = &self.sprt {
            out.push_str(&super::sprt_text(s, *llr, *d));
        }
        out.push_str(&super::endings_text(
            &self.terminations,
            self.disagreements.len(),
        ));
        out
    }

    /// The merged result as a JSON summary, with the fields a shard's summary has for the
    /// totals (the per-game list stays in the shards).
    pub fn json(&self) -> Json {
        let mut top = vec![
            (
                "engines",
                Json::Array(self.engines.iter().map(json::text).collect()),
            ),
            ("shards", Json::from(self.shards)),
            ("games_played", Json::from(self.games)),
        ];
        top.extend(super::wdl_fields(&self.players[0]));
        top.push((
            "players",
            Json::Array(
                self.engines
                    .iter()
                    .zip(&self.players)
                    .map(|(name, wdl)| {
                        let mut f = vec![("name", json::text(name))];
                        f.extend(super::wdl_fields(wdl));
                        json::obj(f)
                    })
                    .collect(),
            ),
        ));
        top.push((
            "sprt",
            match &self.sprt {
                Some((s, llr, d)) => super::sprt_json(s, *llr, *d),
                None => Json::Null,
            },
        ));
        top.push((
            "terminations",
            Json::Object(
                self.terminations
                    .iter()
                    .map(|(k, v)| (k.clone(), Json::from(*v)))
                    .collect(),
            ),
        ));
        top.push((
            "disagreements",
            Json::Array(self.disagreements.iter().map(json::text).collect()),
        ));
        json::obj(top)
    }
}
