// SPDX-License-Identifier: GPL-2.0-only
#include "fs/file.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "base/errno.h"
#include "base/panic.h"
#include "kernel/sched.h"

#define NR_SHM 32

static struct {
	char name[32];
	struct address_space *as;
} shm[NR_SHM];

struct files_struct *files_alloc(void)
{
	struct files_struct *f = calloc(1, sizeof(*f));

	if (!f)
		panic("files_alloc: host out of memory");
	f->count = 1;
	return f;
}

static void fput(struct file *f)
{
	if (--f->f_count > 0)
		return;
	address_space_put(f->f_mapping);
	free(f);
}

struct files_struct *dup_fd(struct files_struct *old)
{
	struct files_struct *f = files_alloc();

	for (int i = 0; old && i < NR_OPEN_DEFAULT; i++) {
		f->fd[i] = old->fd[i];
		if (f->fd[i])
			f->fd[i]->f_count++;
	}
	return f;
}

void exit_files(struct task_struct *t)
{
	struct files_struct *f = t->files;

	t->files = NULL;
	if (!f || --f->count > 0)
		return;
	for (int i = 0; i < NR_OPEN_DEFAULT; i++)
		if (f->fd[i])
			fput(f->fd[i]);
	free(f);
}

struct file *fget(int fd)
{
	struct files_struct *f = current->files;

	if (!f || fd < 0 || fd >= NR_OPEN_DEFAULT)
		return NULL;
	return f->fd[fd];
}

int do_shm_open(const char *name, u32 size)
{
	struct files_struct *files = current->files;
	struct address_space *as = NULL;
	struct file *file;
	int fd, slot = -1;

	if (!files)
		current->files = files = files_alloc();
	for (fd = 0; fd < NR_OPEN_DEFAULT && files->fd[fd]; fd++)
		;
	if (fd == NR_OPEN_DEFAULT)
		return -EMFILE;
	for (int i = 0; i < NR_SHM; i++) {
		if (shm[i].as && !strcmp(shm[i].name, name)) {
			as = shm[i].as;
			break;
		}
		if (!shm[i].as && slot < 0)
			slot = i;
	}
	if (!as) {
		if (slot < 0)
			return -ENOMEM;
		as = address_space_create("shm", DIV_ROUND_UP(size, PAGE_SIZE));
		if (!as)
			return -ENOMEM;
		snprintf(shm[slot].name, sizeof(shm[slot].name), "%s", name);
		shm[slot].as = as;
	}
	file = calloc(1, sizeof(*file));
	if (!file)
		return -ENOMEM;
	address_space_get(as);
	file->f_mapping = as;
	file->f_count = 1;
	files->fd[fd] = file;
	return fd;
}

void shm_init(void)
{
	memset(shm, 0, sizeof(shm));
}

void shm_drop_all(void)
{
	for (int i = 0; i < NR_SHM; i++) {
		if (!shm[i].as)
			continue;
		address_space_put(shm[i].as);
		shm[i].as = NULL;
	}
}
