# Live values: `secscan __complete KIND` prints value<TAB>description lines from its cache, at once.
_secscan_live() {
  local line
  _secscan_candidates=()
  while IFS= read -r line; do
    _secscan_candidates+=("${line%%$'\t'*}")
  done < <("$_secscan_program" __complete "$1" "${_secscan_settings[@]}" 2>/dev/null)
}

# Sets _secscan_candidates for a value spec (see _secscan_values) and the word typed so far.
_secscan_expand() {
  local spec=$1 cur=$2 head='' word
  _secscan_candidates=()
  case $spec in
    =*) for word in ${spec#=}; do [[ $word == "$cur"* ]] && _secscan_candidates+=("$word"); done ;;
    @file) compopt -o filenames 2>/dev/null; mapfile -t _secscan_candidates < <(compgen -f -- "$cur") ;;
    @dir) compopt -o filenames 2>/dev/null; mapfile -t _secscan_candidates < <(compgen -d -- "$cur") ;;
    '@fields '*)
      [[ $cur == *,* ]] && head=${cur%,*},
      compopt -o nospace 2>/dev/null
      for word in ${spec#@fields }; do
        [[ ,$head == *",$word,"* ]] && continue
        [[ $head$word == "$cur"* ]] && _secscan_candidates+=("$head$word")
      done ;;
    '@live '*)
      local -a all=()
      _secscan_live "${spec#@live }"
      all=("${_secscan_candidates[@]}")
      _secscan_candidates=()
      for word in "${all[@]}"; do [[ $word == "$cur"* ]] && _secscan_candidates+=("$word"); done ;;
  esac
}

# The words of the line as the shell reads them (quotes and backslashes removed): `words`, the last one
# the word being completed (empty after a blank), and that word as typed: `_secscan_raw`. A group name such as "Security Champions" is one word.
_secscan_split() {
  local s=$1 c word='' quote='' started=0 i
  words=()
  _secscan_raw=''
  for ((i = 0; i < ${#s}; i++)); do
    c=${s:i:1}
    if [[ -n $quote ]]; then
      _secscan_raw+=$c
      if [[ $c == "$quote" ]]; then
        quote=''
      elif [[ $quote == '"' && $c == '\' && ${s:i+1:1} == [\$\`\"\\] ]]; then
        ((i++))
        _secscan_raw+=${s:i:1}
        word+=${s:i:1}
      else
        word+=$c
      fi
    elif [[ $c == [[:space:]] ]]; then
      ((started)) && words+=("$word")
      word='' _secscan_raw='' started=0
    else
      started=1
      _secscan_raw+=$c
      if [[ $c == '\' ]] && ((i + 1 < ${#s})); then
        ((i++))
        _secscan_raw+=${s:i:1}
        word+=${s:i:1}
      elif [[ $c == "'" || $c == '"' ]]; then
        quote=$c
      else
        word+=$c
      fi
    fi
  done
  # The last word is the one being completed: empty after a blank.
  words+=("$word")
}

_secscan() {
  local line=${COMP_LINE:0:COMP_POINT}
  local -a words
  local _secscan_raw
  _secscan_split "$line"
  local n=$((${#words[@]} - 1)) i=1 path='' word option='' positional=0 REPLY
  local cur=${words[n]} value=${words[n]} prefix=''
  local _secscan_program=${words[0]}
  local -a _secscan_settings=() _secscan_candidates=() given=()
  while ((i < n)); do
    word=${words[i]}
    if [[ $word == -?* ]]; then
      given+=("${word%%=*}")
      case $word in
        --profile | --base-url | --org) _secscan_settings+=("$word" "${words[i + 1]}") ;;
        --profile=* | --base-url=* | --org=* | --allow-insecure-http) _secscan_settings+=("$word") ;;
      esac
      if [[ $word != *=* ]] && _secscan_takes_value "$path" "$word"; then
        ((i++))
      elif [[ $word != *=* ]] && _secscan_optional_value "$path" "$word" && ((i + 1 < n)) &&
        [[ ${words[i + 1]} != -* ]]; then
        _secscan_child "$path" "${words[i + 1]}"
        [[ -z $REPLY ]] && ((i++))
      fi
    else
      _secscan_child "$path" "$word"
      if [[ -n $REPLY ]]; then path=$REPLY; else ((positional++)); fi
    fi
    ((i++))
  done

  if [[ $cur == -?*=* ]]; then
    option=${cur%%=*} value=${cur#*=} prefix="$option="
  elif ((n > 1)) && [[ ${words[n - 1]} == -?* && ${words[n - 1]} != *=* ]] &&
    _secscan_takes_value "$path" "${words[n - 1]}"; then
    option=${words[n - 1]}
  fi
  if [[ -n $option ]]; then
    _secscan_values "$path" "$option"
    _secscan_expand "$REPLY" "$value"
  elif [[ $cur == -* ]]; then
    # The command's flags, but not those that conflict with one already given.
    local flags='' flag other
    _secscan_flags "$path"
    for flag in $REPLY; do
      _secscan_conflicts "$path" "$flag"
      for other in $REPLY; do [[ " ${given[*]} " == *" $other "* ]] && continue 2; done
      flags+=" $flag"
    done
    _secscan_expand "=$flags $_secscan_globals" "$cur"
  else
    _secscan_commands "$path"
    if [[ -n $REPLY ]]; then
      _secscan_expand "=$REPLY" "$cur"
    else
      _secscan_args "$path" "$positional"
      _secscan_expand "$REPLY" "$cur"
    fi
  fi
  COMPREPLY=()
  if [[ $_secscan_raw == [\"\']* ]]; then
    # Typed after an opening quote: readline completes inside the quotes, where nothing needs escaping.
    for word in "${_secscan_candidates[@]}"; do COMPREPLY+=("$word"); done
    return
  fi
  # Bash's current word starts after the last = or : of the line's word (an @ before it is kept in the
  # text replaced, though COMP_WORDS splits it off): reply with that part only, escaped for the shell, so
  # "Security Champions" stays one word.
  local typed=${COMP_WORDS[COMP_CWORD]}
  local cut=${_secscan_raw%"$typed"}
  [[ $cut == *@ ]] && cut=${cut%@}
  for word in "${_secscan_candidates[@]}"; do
    word=$prefix$word
    [[ $word == *[!A-Za-z0-9@%+,./:=_-]* ]] && printf -v word %q "$word"
    COMPREPLY+=("${word#"$cut"}")
  done
}

complete -F _secscan secscan
