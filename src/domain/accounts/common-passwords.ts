// Passwords that meet the character rules yet are among the first an attacker tries. Two kinds:
// - words that people dress up with capitals, digits and a symbol ("Password1!", "Summer2024@",
//   "P@ssw0rd", "Nigeria@123"): refused whatever digits and symbols surround them, and with the usual
//   letter-for-symbol swaps undone;
// - keyboard walks and sequences that are not words ("1qaz@WSX", "Qwer!234"), refused as written.
// All entries are lower-case; the check ignores case.

export const commonPasswordWords: ReadonlySet<string> = new Set(
  `
  // the classics
  password passwords passwort pass passwd pw secret secrets letmein letme
  welcome welcomes welcomeback hello helloworld hi hey changeme changeit
  change default temp temporary test testing tester test1 guest user
  username login logon signin access admin administrator root superuser
  super sysadmin system master masterkey manager owner boss private
  trustno trustnoone nopassword mypassword mypass newpassword newpass oldpassword
  yourpassword iloveyou iloveu loveyou love lover loveme mylove baby babygirl
  babyboy sweetheart sweetie honey darling angel princess prince queen king
  kingdom beautiful pretty lovely sexy hottie forever together friends
  friend bestfriend family freedom whatever nothing something anything
  everything blessed blessing blessings grace faith hope trust peace joy
  happy happiness smile success victory winner lucky money rich million
  millionaire billionaire dollar naira cash business
  // faith
  jesus jesuschrist christ god godisgood godislove godfirst lord holy
  heaven amen hallelujah praise allah allahuakbar bismillah alhamdulillah
  mashaallah inshallah muhammad mohammed jehovah emmanuel believe
  // keyboard rows and counting, dressed up
  qwerty qwert qwertyuiop qwertz azerty asdf asdfgh asdfghjkl zxcv zxcvbn
  zxcvbnm qazwsx abc abcd abcde abcdef abcdefg abcdefgh abcabc aa aaa
  aaaa aaaaaa a ab qq xx xyz one onetwothree first start begin
  pa pas qwe asd zxc
  // animals and nicknames
  monkey dragon tiger lion eagle falcon shadow ninja pokemon batman
  superman spiderman ironman starwars matrix hunter killer warrior soldier
  pirate rocky buster charlie ginger pepper snoopy cookie butterfly
  flower sunflower rainbow sunshine moonlight starlight star superstar
  rockstar legend champion hero genius smart cool crazy cute chocolate
  banana apple orange cherry coffee pizza jollof computer internet google
  facebook instagram whatsapp twitter youtube samsung iphone android
  microsoft windows linux
  // sport
  football soccer baseball basketball arsenal chelsea liverpool manutd
  manchester manchesterunited barcelona realmadrid juventus messi ronaldo
  supereagles eagles golf tennis boxing
  // seasons, months, days
  summer winter spring autumn fall january february march april may
  june july august september october november december monday tuesday
  wednesday thursday friday saturday sunday christmas easter holiday
  birthday today tomorrow yesterday
  // names people use most
  michael jennifer jessica daniel david joshua john james robert thomas
  andrew matthew joseph samuel peter paul mary maria sarah elizabeth
  ashley amanda nicole michelle precious favour favor
  gift goodluck godswill chinedu emeka chioma ngozi tunde bola femi
  aisha fatima ibrahim abdullahi musa yusuf usman mercy patience
  comfort divine miracle
  // this product and its country
  nigeria naija nigerian lagos abuja kano ibadan kaduna enugu portharcourt
  benin jos africa african inclusion inclusionatlas atlas disability
  accessible eyewitness
`
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("//"))
    .join(" ")
    .split(/\s+/)
    .filter(Boolean),
);

export const commonPasswordsExact: ReadonlySet<string> = new Set(
  `
  1qaz@wsx 1qaz!qaz !qaz2wsx !qaz@wsx zaq1@wsx zaq!2wsx 1qaz2wsx# 1q2w3e4r!
  1q2w3e4r5t! 1q2w3e! q1w2e3r4! q1w2e3r4t5! !q2w3e4r qwer!234 qwer1234!
  qwert12345! qwe123!@# qwe!@#123 asd123!@# abc123!@# abc!@#123 1234qwer!
  123qwe!@# 123!@#qwe !@#123qwe 1qaz@wsx3edc 1qaz!qaz2wsx zaq12wsx!
  !@#$qwer qwer!@#$ 1234!@#$qwer p@55w0rd p455w0rd! pa$$w0rd pa$$word1
  aa123456! aa12345678! aa@123456 a1b2c3d4! a1b2c3d4e5! abcd1234! abcd@1234
  abc@1234 abc@12345 abc12345! abcd1234$ aa1234567! a123456789! a12345678!
  1234abcd! 12345abc! 123abc!@# 123456aa! q1w2e3!@# 1a2b3c4d!
`
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("//"))
    .join(" ")
    .split(/\s+/)
    .filter(Boolean),
);
