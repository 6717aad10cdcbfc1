#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/file.c"
#else

int TH_CONCAT_3(TH, Real, File_check)(THFile *f, int binary);

/* Writes five values twice (raw, then as a storage) from the position the
 * file is at, reads them back and compares. */
int TH_CONCAT_3(TH, Real, File_check)(THFile *f, int binary) {
  int failures = 0;
  ptrdiff_t i;
  size_t start = THFile_position(f);
  THStorage *s = THStorage_(newWithSize)(5);
  THStorage *back = THStorage_(newWithSize)(5);
  for (i = 0; i < 5; ++i) s->data[i] = (real)(i * 3 + 1);
  THFile_seek(f, start); /* stdio wants a seek between reading and writing */
  if (binary)
    THFile_binary(f);
  else
    THFile_ascii(f);
  CHECK(TH_CONCAT_3(THFile_write, Real, Raw)(f, s->data, (size_t)s->size) == 5);
  CHECK(TH_CONCAT_2(THFile_write, Real)(f, s) == 5);
  THFile_seek(f, start);
  CHECK(TH_CONCAT_3(THFile_read, Real, Raw)(f, back->data, (size_t)back->size) == 5);
  for (i = 0; i < 5; ++i) CHECK(back->data[i] == s->data[i]);
  THStorage_(fill)(back, 0);
  CHECK(TH_CONCAT_2(THFile_read, Real)(f, back) == 5);
  for (i = 0; i < 5; ++i) CHECK(back->data[i] == s->data[i]);
  CHECK(!THFile_hasError(f));
  THStorage_(free)(s);
  THStorage_(free)(back);
  return failures;
}

#endif
