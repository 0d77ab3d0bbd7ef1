"""Operations: migrations, service scripts, benchmarks and drills."""
