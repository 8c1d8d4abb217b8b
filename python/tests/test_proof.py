"""Certificates checked by the independent checker, as `mancala proof check` does."""

import json

import pytest

import mancala_tb as m

from conftest import run_cli

# Beyond the 6 seeds the Kalah (4 pits) table holds: the certificate's strategies lead to it.
ROOT = "1,1,1,1/1,1,1,1 S"


@pytest.fixture(scope="module")
def certificate(tmp_path_factory, rk_file, mancala_bin):
    out = tmp_path_factory.mktemp("proofs") / "k4.proof"
    run_cli(mancala_bin, "prove", "kalah-4", ROOT, "--db", str(rk_file), "--out", str(out))
    return out


def test_a_certificate_is_accepted_with_the_searched_value(certificate, rk_file, rk, mancala_bin):
    checked = m.check_proof(certificate, rk_file)
    assert checked["accepted"] is True
    assert checked["variant"] == "kalah-4" and checked["root"] == ROOT
    assert checked["tablebase_max_seeds"] == 6
    # The value the evaluator proves, and both bounds' games worth it.
    assert checked["value"] == rk.evaluate("kalah-4", ROOT).value.score
    assert checked["lower"]["value"] == checked["upper"]["value"] == checked["value"]
    cli = run_cli(mancala_bin, "proof", "check", str(certificate), "--db", str(rk_file))
    assert f"proven: the value is exactly {checked['value']}" in cli.stdout


def test_a_false_claim_is_not_accepted(certificate, rk_file, tmp_path):
    lines = certificate.read_text().splitlines()
    header = json.loads(lines[0])
    header["value"] += 1
    forged = tmp_path / "forged.proof"
    forged.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n")
    checked = m.check_proof(forged, rk_file)
    assert checked["accepted"] is False
    assert checked["lower"]["value"] == header["value"] - 1


def test_an_unreadable_certificate_is_named(tmp_path, rk_file):
    bad = tmp_path / "bad.proof"
    bad.write_text("not json\n")
    with pytest.raises(m.ProofError, match="line 1"):
        m.check_proof(bad, rk_file)
    with pytest.raises(m.ProofError, match="missing.proof"):
        m.check_proof(tmp_path / "missing.proof", rk_file)


def test_prove_makes_a_certificate_the_checker_accepts(rk, rk_file, tmp_path):
    text = rk.prove("kalah-4", ROOT)
    header = json.loads(text.splitlines()[0])
    assert header["format"] == "mancala-proof/1" and header["root"] == ROOT
    path = tmp_path / "k4.proof"
    path.write_text(text)
    checked = m.check_proof(path, rk_file)
    assert checked["accepted"] is True
    assert checked["value"] == rk.evaluate("kalah-4", ROOT).value.score


def test_prove_refuses_an_estimate_saying_why(rk):
    # The Rio Kadalis start, searched with a thousand nodes: an estimate.
    with pytest.raises(m.ProofError, match="not proven exact"):
        rk.prove("rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4,4 S", budget=1000)
