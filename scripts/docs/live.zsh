_secscan_live() {
  # _arguments puts compadd options before the kind: it is the last argument.
  local kind=${@[-1]}
  local -a line settings candidates
  local i word entry
  line=(${(z)BUFFER})
  for ((i = 2; i <= $#line; i++)); do
    word=${(Q)line[i]}
    case $word in
      (--profile|--base-url|--org) settings+=("$word" "${(Q)line[i+1]}") ;;
      (--profile=*|--base-url=*|--org=*|--allow-insecure-http) settings+=("$word") ;;
    esac
  done
  for entry in ${(f)"$(${(Q)line[1]} __complete "$kind" "${settings[@]}" 2>/dev/null)"}; do
    candidates+=("${${entry%%$'\t'*}//:/\\:}:${${entry#*$'\t'}//:/\\:}")
  done
  _describe -t "secscan-$kind" "$kind" candidates
}
