#!/bin/sh
# Container start of the CMS (cms/Dockerfile). Secrets come from the environment; those it lacks
# are generated once by scripts/ensure-env.js and kept in the data volume (.tmp/.env), so a new
# container keeps the same JWT secret and IBAN encryption key. Then Strapi replaces this shell.
set -eu
mkdir -p .tmp
if [ -f .tmp/.env ] && [ ! -f .env ]; then cp .tmp/.env .env; fi
node scripts/ensure-env.js
cp .env .tmp/.env
chmod 600 .tmp/.env
exec node node_modules/@strapi/strapi/bin/strapi.js start
