# Planted violations for check_resume_points.py (asm-resume-points.cpp): %rbx read after
# a helper call, and the flags of a compare made before a sync capture tested after it.
	.text
f:
	movq	%rbp, -8(%rbp)
	callq	f.sprig.spawn.0
	movq	-16(%rbp), %rax
	addq %rbx, %rax
	movq	%rax, -24(%rbp)
	cmpl	$1, -32(%rbp)
	callq	*__sprig_sync_capture@GOTPCREL(%rip)
	jne .LBB0_3
	retq
.LBB0_3:
	retq
