# zsh -f zsh-complete.zsh FILE WORDS: types WORDS and Tab twice in an interactive zsh that has loaded the
# completion FILE, and prints what the terminal showed (the completed line and the list of matches).
setopt extendedglob
zmodload zsh/zpty
zpty shell zsh -f -i
zpty -w shell "PS1=\${:-READY}'> ' RPS1=''"
zpty -w shell "autoload -U compinit && compinit -u -D && source ${(q)1} && print \${:-LOA}DED"
zpty -r shell line '*LOADED*'
zpty -r shell line '*READY> '
zpty -w -n shell "$2"$'\t\t\C-u'
zpty -w shell 'print ${:-FIN}ISHED'
zpty -r shell out '*FINISHED*'
zpty -d shell
print -r -- ${out//$'\e'\[[0-9;?]#[A-Za-z]/}
